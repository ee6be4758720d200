import ScreenKit

/// `--limit N` and `--all`: how many rows of a list screen a command prints
/// (in every output mode), taken off the line with the other output options.
/// Without either, a command prints the window the screen shows.
enum RowSpanOption {
    static let optionNames = ["limit", "all"]

    /// Removes `--limit N` / `--limit=N` / `--all` from `tokens`.
    static func extract(from tokens: inout [String]) throws(ScreenError) -> RowSpan {
        var limit: Int?
        var all = false
        var rest: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--all" {
                all = true
            } else if token == "--limit" {
                guard index < tokens.count else { throw usage("option --limit needs a number of rows, such as --limit 100") }
                limit = try count(tokens[index])
                index += 1
            } else if token.hasPrefix("--limit=") {
                limit = try count(String(token.dropFirst("--limit=".count)))
            } else {
                rest.append(token)
            }
        }
        if all, limit != nil {
            throw usage("--limit N prints the first N rows and --all every row: use one of them")
        }
        tokens = rest
        if all { return .all }
        return limit.map(RowSpan.first) ?? .window
    }

    private static func count(_ text: String) throws(ScreenError) -> Int {
        guard let number = Int(text), number >= 1 else {
            throw usage("--limit takes a whole number of rows, 1 or more (got '\(text)'); --all prints every row")
        }
        return number
    }

    private static func usage(_ message: String) -> ScreenError { .invalidParams(message, code: "invalid_limit") }
}
