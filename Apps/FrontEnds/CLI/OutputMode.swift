import ScreenKit

/// How a command prints its result, from the CLI's own options (taken off
/// the line before the screen's command is parsed):
/// - nothing: for people (tables, detail rows, the form, the status);
/// - `--json`: the whole snapshot, byte for byte what JSON lines sends;
/// - `--json a,b` (or `--json=a,b`): those fields as JSON, as `gh` prints
///   them: an array of objects for a list screen, one object otherwise;
/// - `--jsonl`: the data only, one JSON object per list row (`id` and the
///   columns' typed values), or one object of a screen's detail rows;
/// - `--fields a,b`: those fields only, in that order (implies `--jsonl`).
enum OutputMode: Equatable {
    case human
    case json
    case rows(fields: [String]?)
    case jsonFields([String])

    static let optionNames = ["json", "jsonl", "fields", "help"] + RowSpanOption.optionNames

    /// Removes the output options from `tokens` and returns the mode.
    /// `commandWords` (screen and action names) are never taken as the
    /// field list of a `--json` before them; without it `--json` takes none.
    static func extract(from tokens: inout [String], commandWords: Set<String>? = nil) throws(ScreenError) -> OutputMode {
        var json = false
        var jsonFields: [String]?
        var jsonl = false
        var fields: [String]?
        var rest: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case "--json":
                json = true
                if let commandWords, index < tokens.count, JSONFieldsOption.isFieldList(tokens[index], commandWords: commandWords) {
                    jsonFields = try list(tokens[index])
                    index += 1
                }
            case "--jsonl": jsonl = true
            case "--fields":
                guard index < tokens.count else { throw .invalidParams("option --fields needs a list such as id,name") }
                fields = try list(tokens[index])
                index += 1
            default:
                if token.hasPrefix("--json=") {
                    json = true
                    jsonFields = try list(String(token.dropFirst("--json=".count)))
                } else if token.hasPrefix("--fields=") {
                    fields = try list(String(token.dropFirst("--fields=".count)))
                } else {
                    rest.append(token)
                }
            }
        }
        tokens = rest
        if json && (jsonl || fields != nil) {
            throw .invalidParams(
                "--json prints the whole snapshot; --jsonl and --fields print rows: use one of them")
        }
        if let jsonFields { return .jsonFields(jsonFields) }
        if json { return .json }
        if jsonl || fields != nil { return .rows(fields: fields) }
        return .human
    }

    private static func list(_ text: String) throws(ScreenError) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: " ")
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { throw .invalidParams("option --fields needs a list such as id,name") }
        return names
    }

    var isMachine: Bool { self != .human }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var copy = self
        while copy.first == character { copy.removeFirst() }
        while copy.last == character { copy.removeLast() }
        return String(copy)
    }
}
