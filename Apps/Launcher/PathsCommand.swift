import Composition
import ScreenKit

/// `facet paths`: where this environment keeps Facet's files, one
/// `name<TAB>path` line each (the same form `--jsonl` users can cut), with
/// nothing opened or created, so it answers even when the database cannot
/// open and tells where to look.
@MainActor
enum PathsCommand {
    static let name = "paths"
    static let summary = "facet paths: where the database, the data folder and the server's socket are"

    static let usage = "usage: facet paths [database|data|socket|socket-folder]"

    static func rows(environment: [String: String]) -> [(String, String)] {
        let socket = SocketLocation.defaultPath(environment: environment)
        return [
            ("database", FacetApp.databasePath(environment: environment)),
            ("data", FacetApp.dataDirectory(environment: environment)),
            ("socket", socket),
            ("socket-folder", String(socket[..<(socket.lastIndex(of: "/") ?? socket.endIndex)])),
        ]
    }

    /// Runs it when the line asks for it; returns the exit status, nil
    /// otherwise. `facet paths NAME` prints that path alone, for scripts
    /// (`socat - UNIX-CONNECT:"$(facet paths socket)"`).
    static func run(_ rest: [String], environment: [String: String]) -> Int32? {
        guard rest.first == name else { return nil }
        let rows = rows(environment: environment)
        switch rest.count {
        case 1:
            StandardStreams.print(rows.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n"))
            return 0
        case 2 where rest[1] == "--help" || rest[1] == "-h":
            StandardStreams.print(usage + "\n" + summary)
            return 0
        case 2:
            if let row = rows.first(where: { $0.0 == rest[1] }) {
                StandardStreams.print(row.1)
                return 0
            }
            fallthrough
        default:
            StandardStreams.printError("facet paths: unexpected '\(TerminalText.sanitize(rest[1]))' (\(usage))")
            return 2
        }
    }
}

/// `facet --ui NAME --help` and `-h`: the front end's own options.
@MainActor
enum FrontEndHelp {
    static func asked(_ rest: [String]) -> Bool { rest == ["--help"] || rest == ["-h"] || rest == ["help"] }

    /// The help of the front end `--ui` named, when the rest of the line
    /// asks for help and that front end has options of its own to show.
    static func text(ui: String?, rest: [String], registry: FrontEndRegistry) -> String? {
        guard let ui, asked(rest), let entry = registry.entry(ui), let options = entry.frontEnd.optionsHelp
        else { return nil }
        return "facet --ui \(ui): \(entry.summary)\n\n" + options
    }
}
