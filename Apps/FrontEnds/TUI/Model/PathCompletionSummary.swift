import ScreenKit

extension PathCompletion {
    /// The candidates as one line for the prompt: the first few, then how many more.
    static func summary(_ result: Result, limit: Int = 8) -> String {
        let shown = result.candidates.prefix(limit).joined(separator: "  ")
        let more = result.total - min(result.candidates.count, limit)
        return more > 0 ? shown + "  … \(more) more" : shown
    }
}
