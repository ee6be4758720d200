import FoldersDomain
import KernelPresentation
import ScreenKit

/// The folders screen's `exclude` parameter: patterns one per line (the
/// command line joins a repeated `--exclude` so), checked before any scan.
public enum FolderExcludeParam {
    public static func patterns(_ params: ActionArguments) throws(ScreenError) -> FolderExcludePatterns {
        guard let text = params.string("exclude") else { return .none }
        do {
            return try FolderExcludePatterns(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        } catch {
            throw .invalidParams(error.message)
        }
    }

    static func text(_ patterns: FolderExcludePatterns) -> String {
        patterns.patterns.joined(separator: "\n")
    }

    /// "12 entries excluded (.git, node_modules)." before what the user's
    /// last action did, so the listing's total is never mistaken for du's
    /// without the patterns.
    static func notice(_ entry: FolderEntry?, exclude: FolderExcludePatterns, then notice: String?) -> String? {
        guard !exclude.isEmpty else { return notice }
        let count = entry?.excluded ?? 0
        let entries = count == 1 ? "1 entry" : "\(Formatters.grouped(count)) entries"
        let text = "\(entries) excluded (\(exclude.patterns.joined(separator: ", ")))."
        return notice.map { text + " " + $0 } ?? text
    }
}
