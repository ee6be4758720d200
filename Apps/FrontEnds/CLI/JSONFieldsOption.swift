import ScreenKit

/// When the word after `--json` is its field list (`--json name,bytes`, as
/// `gh` takes it) and when it is the command going on (`--json folders
/// /srv`, `--json reload`): a screen's or an action's name, `help`, or an
/// option is never a field list.
enum JSONFieldsOption {
    static func commandWords(_ screens: [ScreenDescriptor]) -> Set<String> {
        var words: Set<String> = ["help"]
        for screen in screens {
            words.insert(screen.id)
            for action in screen.actions { words.insert(action.name) }
        }
        return words
    }

    /// Field names joined by commas: letters, digits, `_` and `-`.
    static func isFieldList(_ token: String, commandWords: Set<String>) -> Bool {
        guard !token.hasPrefix("-"), !commandWords.contains(token) else { return false }
        let names = token.split(separator: ",", omittingEmptySubsequences: true)
        return !names.isEmpty && names.allSatisfy { name in
            name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
    }
}
