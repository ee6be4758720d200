import Foundation
import Testing
import TestSupport

/// A `facet serve` for the TUI tests that attach to one, and the tmux
/// command of a TUI attached to it: one definition, so every attached-TUI
/// test starts the server and the client the same way.
struct AttachedServer {
    let socket: String
    let process: BoundedProcess
    private let runtime: TemporaryDirectory

    /// Started in `home` with its socket in a runtime folder of its own;
    /// returns once the server says it is serving. `environment` adds to
    /// the server's (e.g. the `HOME` its user's home folder is); `directory`
    /// is its working directory (where relative paths start on its side).
    init(home: TemporaryDirectory, environment extra: [String: String] = [:], in directory: String? = nil) throws {
        runtime = TemporaryDirectory("facet-attached-run")
        socket = runtime.path + "/facet.sock"
        process = try BoundedProcess(
            FacetProcess.binary, ["serve", "--socket", socket],
            environment: FacetProcess.environment(home: home.path, extra: extra), currentDirectory: directory)
        let listening = process.waitFor(timeout: 60) { process.stderr.contains("serving on") }
        if !listening { stop() }
        try #require(listening, "the server never said it was serving: \(process.stderr)")
    }

    /// A socket path next to this server's where nobody listens.
    var vacantSocket: String { runtime.path + "/none.sock" }

    func stop() {
        process.signal(SIGTERM)
        _ = process.finish(timeout: 20)
    }

    /// A TUI attached to this server, in a tmux session of its own; the
    /// pane says `EXITED status` when it quits.
    func tui(
        home: String, arguments: String = "--ui tui", width: Int = 100, height: Int = 30, in directory: String? = nil
    ) throws -> TmuxSession {
        let place = directory.map { "cd \(shellQuoted($0)) && " } ?? ""
        return try TmuxSession(command: "trap '' INT; \(place)env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home)) "
            + "FACET_HOME=\(shellQuoted(home)) TERM=xterm-256color LANG=C.UTF-8 "
            + "\(shellQuoted(FacetProcess.binary)) --connect \(shellQuoted(socket)) \(arguments); echo EXITED $?; sleep 60",
            width: width, height: height)
    }
}
