import CLIFrontEnd
import JSONLFrontEnd
import MCPFrontEnd
import ScreenKit
import ServeFrontEnd
import TUIFrontEnd

/// Every front end of this build, one line each. `--ui`, `FACET_UI`, the
/// `ui` setting's allowed values, help and errors all come from this list:
/// adding a front end is its own target plus one line here.
@MainActor
enum FrontEndRegistry {
    struct Entry {
        var frontEnd: any FrontEnd.Type
        /// One line for `facet --help`.
        var summary: String
        /// Runs only on a terminal (a saved preference for it is passed over
        /// when stdin or stdout is not one).
        var needsTerminal = false
    }

    static let all: [Entry] = [
        Entry(frontEnd: CLIFrontEnd.self, summary: "one command per run: facet <screen> [action] [options]"),
        Entry(frontEnd: TUIFrontEnd.self, summary: "full-screen terminal interface", needsTerminal: true),
        Entry(frontEnd: JSONLFrontEnd.self, summary: "JSON-RPC 2.0, one message per line on stdin/stdout"),
        Entry(frontEnd: MCPFrontEnd.self, summary: "Model Context Protocol server on stdin/stdout, for agents"),
    ]

    /// Front ends run as a command of their own (`facet serve …`), not
    /// chosen by `--ui` or a preference: the first word names them.
    static let commands: [Entry] = [
        Entry(frontEnd: ServeFrontEnd.self, summary: "facet serve [--socket PATH]: one core for many clients on a Unix socket"),
    ]

    static func command(_ word: String?) -> Entry? { commands.first { $0.frontEnd.name == word } }

    /// What runs with a command on the line and no `--ui`.
    static let forCommands: any FrontEnd.Type = CLIFrontEnd.self
    /// What bare `facet` runs on a terminal with no `--ui` or preference.
    static let forTerminal: any FrontEnd.Type = TUIFrontEnd.self

    static var names: [String] { all.map { $0.frontEnd.name } }

    /// The registry as front ends see it (for their help text).
    static var infos: [FrontEndInfo] { all.map { FrontEndInfo(name: $0.frontEnd.name, summary: $0.summary) } }

    static func entry(_ name: String) -> Entry? { all.first { $0.frontEnd.name == name } }

    /// The error for a name no entry has, listing those that exist.
    static func unknown(_ name: String, from source: String) -> String {
        "facet: unknown front end '\(name)' (\(source); available: \(names.joined(separator: ", ")))"
    }

    /// The front ends, for the launcher's help.
    static var help: String {
        let width = names.map(\.count).max() ?? 0
        let lines = all.map { entry in
            let name = entry.frontEnd.name
            return "  \(name)\(String(repeating: " ", count: width - name.count))  \(entry.summary)"
        }
        let commandLines = commands.map { "  \($0.summary)" }
        return "FRONT ENDS (--ui, FACET_UI, or the 'ui' setting):\n" + lines.joined(separator: "\n")
            + "\n\nCOMMANDS:\n" + commandLines.joined(separator: "\n")
    }
}
