import CLIFrontEnd
import FeatureKit
import JSONLFrontEnd
import MCPFrontEnd
import ScreenKit
import ServeFrontEnd
import TUIFrontEnd
import WebFrontEnd

/// The front ends of a build, one line each. `--ui`, `FACET_UI`, the `ui`
/// setting's allowed values, help and errors all come from this list:
/// adding a front end is its own target plus one line in `standard`.
///
/// A package built on Facet passes `.standard` (or its own list) to
/// `Launcher.main(features:frontEnds:)`.
@MainActor
public struct FrontEndRegistry {
    public struct Entry {
        public var frontEnd: any FrontEnd.Type
        /// One line for `facet --help`.
        public var summary: String
        /// Runs only on a terminal (a saved preference for it is passed over
        /// when stdin or stdout is not one).
        public var needsTerminal: Bool
        /// How long a process running it lives: `.oneCommand` (runs one
        /// command and exits) makes the launcher run the screens' work on
        /// the main thread and hand the mode to the app, which then opens a
        /// single database connection instead of a pool and watches nothing
        /// (see `ProcessMode`), since nothing stays on screen long enough to
        /// need more.
        public var mode: ProcessMode

        public init(
            frontEnd: any FrontEnd.Type, summary: String, needsTerminal: Bool = false, mode: ProcessMode = .longRunning
        ) {
            self.frontEnd = frontEnd
            self.summary = summary
            self.needsTerminal = needsTerminal
            self.mode = mode
        }
    }

    /// Every front end Facet ships.
    public static let standard = FrontEndRegistry(
        all: [
            Entry(frontEnd: CLIFrontEnd.self, summary: "one command per run: facet <screen> [action] [options]", mode: .oneCommand),
            Entry(frontEnd: TUIFrontEnd.self, summary: "full-screen terminal interface", needsTerminal: true),
            Entry(frontEnd: JSONLFrontEnd.self, summary: "JSON-RPC 2.0, one message per line on stdin/stdout"),
            Entry(frontEnd: MCPFrontEnd.self, summary: "Model Context Protocol server on stdin/stdout, for agents"),
            Entry(frontEnd: WebFrontEnd.self, summary: "the screens in a browser: facet --ui web [--listen ADDR:PORT] [--open]; --list prints the URLs of running ones"),
        ],
        commands: [
            Entry(frontEnd: ServeFrontEnd.self, summary: "facet serve [--socket PATH]: one core for many clients on a Unix socket"),
        ],
        forCommands: CLIFrontEnd.self, forTerminal: TUIFrontEnd.self, helpHint: CLIFrontEnd.globalHelpHint)

    public var all: [Entry]
    /// Front ends run as a command of their own (`facet serve …`), not
    /// chosen by `--ui` or a preference: the first word names them.
    public var commands: [Entry]
    /// What runs with a command on the line and no `--ui`.
    public var forCommands: any FrontEnd.Type
    /// What bare `facet` runs on a terminal with no `--ui` or preference.
    public var forTerminal: any FrontEnd.Type
    /// The last line of the launcher's help, pointing to more help (the
    /// screens and actions the command front end lists). It comes from here
    /// so that the launcher reaches front ends only through this registry.
    public var helpHint: String?

    public init(
        all: [Entry], commands: [Entry] = [], forCommands: any FrontEnd.Type, forTerminal: any FrontEnd.Type,
        helpHint: String? = nil
    ) {
        self.all = all
        self.commands = commands
        self.forCommands = forCommands
        self.forTerminal = forTerminal
        self.helpHint = helpHint
    }

    var names: [String] { all.map { $0.frontEnd.name } }

    /// The registry as front ends see it (for their help text).
    var infos: [FrontEndInfo] {
        all.map { FrontEndInfo(name: $0.frontEnd.name, summary: $0.summary) }
            + commands.map { FrontEndInfo(name: $0.frontEnd.name, summary: $0.summary, command: true) }
            + [FrontEndInfo(name: PathsCommand.name, summary: PathsCommand.summary, command: true)]
    }

    func entry(_ name: String) -> Entry? { all.first { $0.frontEnd.name == name } }

    func command(_ word: String?) -> Entry? { commands.first { $0.frontEnd.name == word } }

    /// The error for a name no entry has, listing those that exist.
    func unknown(_ name: String, from source: String) -> String {
        "facet: unknown front end '\(name)' (\(source); available: \(names.joined(separator: ", ")))"
    }

    /// The front ends, for the launcher's help.
    var help: String {
        let width = names.map(\.count).max() ?? 0
        let lines = all.map { entry in
            let name = entry.frontEnd.name
            return "  \(name)\(String(repeating: " ", count: width - name.count))  \(entry.summary)"
        }
        let help = "FRONT ENDS (--ui, FACET_UI, or the 'ui' setting):\n" + lines.joined(separator: "\n")
        if commands.isEmpty { return help }
        return help + "\n\nCOMMANDS:\n" + commands.map { "  \($0.summary)" }.joined(separator: "\n")
    }
}
