import Foundation
import ScreenKit

/// Command lines written back to the user in hints ("did you mean …",
/// "add NAME: …"), quoted so they can be pasted into a POSIX shell.
enum CommandText {
    /// `facet` followed by `words`, each quoted when the shell would split or
    /// expand it.
    static func line(_ words: [String]) -> String {
        (["facet"] + words.map(quote)).joined(separator: " ")
    }

    /// The words that open `request` on the command line: positional
    /// parameters in declaration order, then options (`--files` for a true
    /// flag).
    static func words(for request: ScreenRequest, descriptor: ScreenDescriptor?) -> [String] {
        var words = [request.screen]
        let params = descriptor?.params ?? []
        for param in params where param.positional {
            if let value = request.params[param.name] { words.append(text(value)) }
        }
        let options = params.filter { !$0.positional }.map(\.name) + request.params.names.sorted()
        var seen: Set<String> = []
        for name in options where !seen.contains(name) && !params.contains(where: { $0.name == name && $0.positional }) {
            seen.insert(name)
            guard let value = request.params[name] else { continue }
            if case .bool(let flag) = value {
                if flag { words.append("--" + name) }
            } else {
                words += ["--" + name, text(value)]
            }
        }
        return words
    }

    static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || "-_./,:=+@%".unicodeScalars.contains(scalar)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func text(_ value: ArgumentValue) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}
