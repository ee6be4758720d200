import ScreenKit

/// The parts of `facet --help` about the run rather than the screens:
/// commands beside the screens, attaching to a server, the environment
/// and where the data lives. The man page is built from the same lines.
enum GlobalHelpSections {
    /// Commands the CLI itself answers (beside the launcher's, passed in).
    static let ownCommands = [
        FrontEndInfo(name: "help", summary: "facet help [SCREEN] [--man]: this help, a screen's help, or the man page (roff)", command: true),
        FrontEndInfo(name: "completion", summary: "facet completion bash|zsh|fish: the shell completion script", command: true),
    ]

    static let terminalOptions = [
        ("--connect [SOCKET]", "run against a 'facet serve' core on its socket (also FACET_CONNECT)"),
        ("--connect ssh://HOST", "Facet on HOST through your ssh ([USER@]HOST[:PORT], or USER@HOST:)"),
        ("--remote-facet PATH", "the facet on the ssh host (also FACET_REMOTE; default: facet on its PATH)"),
        ("--ascii", "TUI: draw lines in ASCII ('facet --ui tui --help' for all TUI options)"),
        ("--no-mouse", "TUI: leave the mouse to the terminal"),
        ("-h, --help", "this help ('facet --ui NAME --help': that front end's options)"),
        ("-V, -v, --version", "print the version"),
    ]

    static let environment = [
        ("FACET_HOME", "the folder of the database (facet.sqlite); created 0700 if missing"),
        ("XDG_DATA_HOME", "without FACET_HOME the data is in $XDG_DATA_HOME/facet (else ~/.local/share/facet)"),
        ("XDG_RUNTIME_DIR", "where 'facet serve' and --connect put the socket ($XDG_RUNTIME_DIR/facet/facet.sock)"),
        ("FACET_UI", "the front end when --ui is not given"),
        ("FACET_CONNECT", "a server's socket to attach to, or 1 for the default one, or ssh://HOST"),
        ("FACET_REMOTE", "the facet binary on the host of --connect ssh://HOST"),
        ("FACET_SSH_COMMAND", "the ssh command for --connect ssh://HOST (default ssh; e.g. 'ssh -F CONFIG')"),
        ("NO_COLOR", "no colours in the CLI, a monochrome TUI"),
        ("TERM, LANG, LC_ALL", "the TUI's terminal; a non-UTF-8 locale draws lines in ASCII"),
        ("COLUMNS", "the CLI's table width when stdout is not a terminal"),
        ("BROWSER", "the program that opens repository and photo pages"),
        ("FACET_SCAN_THREADS", "threads a folder scan uses"),
        ("FACET_WATCH_LIMIT", "the most folders an open folder screen watches for live updates"),
    ]

    static let dataLocation = [
        "The database is $FACET_HOME/facet.sqlite, else $XDG_DATA_HOME/facet/facet.sqlite,",
        "else ~/.local/share/facet/facet.sqlite; 'facet paths' prints it and the server's socket.",
        "With --connect ssh://HOST the data, and every path you type or see, are HOST's.",
    ]

    static func lines(commands launcher: [FrontEndInfo]) -> [String] {
        var lines = ["Commands:"]
        let commands = launcher + ownCommands
        let width = commands.map(\.name.count).max() ?? 0
        lines += commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        lines += ["", "Launcher options:"]
        lines += table(terminalOptions)
        lines += ["", "Environment:"]
        lines += table(environment)
        lines += ["", "Data:"] + dataLocation.map { "  " + $0 } + [""]
        return lines
    }

    static func table(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    }
}
