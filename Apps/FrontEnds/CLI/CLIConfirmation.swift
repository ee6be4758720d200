import Foundation
import ScreenKit

/// How the CLI confirms an action whose effect asks first
/// (`ActionEffect.asksFirst`: it removes, deletes or overwrites data), the
/// same way on every screen, as `gh` does: with `--yes` it goes ahead; on a terminal it asks the screen's own
/// question (`Delete playlist "big" (300 songs)? [y/N]`); anywhere else it
/// refuses and gives the command with `--yes`. A question not answered yes
/// ends the command with `exitStatus`, never as done.
struct CLIConfirmation {
    /// Not confirmed: answered no, or not asked because stdin is not a terminal.
    static let exitStatus: Int32 = 3
    static let option = "--yes"

    /// `--yes` was given.
    var yes = false
    /// Asks `question` and returns the answer; nil when nobody can be asked
    /// (stdin is not a terminal).
    var ask: (String) -> Bool? = CLIConfirmation.askOnTerminal

    /// Takes `--yes` out of `tokens`: it belongs to the command, not to one
    /// screen, so every screen's destroying actions accept it.
    static func extract(from tokens: inout [String]) -> Bool {
        let before = tokens.count
        tokens.removeAll { $0 == option }
        return tokens.count != before
    }

    /// The question on stderr, the answer from stdin: only `y` or `yes` goes ahead.
    static func askOnTerminal(_ question: String) -> Bool? {
        guard isatty(0) == 1 else { return nil }
        StandardStreams.printError(TerminalText.sanitize(question) + " [y/N] ", terminator: "")
        guard let answer = readLine(strippingNewline: true) else {
            StandardStreams.printError("", terminator: "\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
