import Foundation
import ScreenKit

/// The one-shot command line: open a screen, run at most one action, wait
/// for its work to finish, print the result (for people, or `--json`), exit
/// 0 ok, 1 failed, 2 usage error.
public enum CLIFrontEnd: FrontEnd {
    public static let name = "cli"
    public static let globalHelpHint = "Run 'facet help' for screens and actions."

    public static func run(_ context: FrontEndContext) async -> Int32 {
        var tokens = context.arguments
        let json = tokens.contains("--json")
        tokens.removeAll { $0 == "--json" }
        let out = Output(environment: context.environment)
        let screens = context.catalog.screens

        if tokens.isEmpty || tokens == ["help"] || tokens == ["--help"] || tokens == ["-h"] {
            out.print(HelpText.global(screens))
            return 0
        }
        if tokens.first == "help" || tokens.contains("--help") || tokens.contains("-h") {
            let name = tokens.first == "help" ? tokens.dropFirst().first : tokens.first
            guard let name, let screen = screens.first(where: { $0.id == name }) else {
                out.error("unknown screen '\(tokens.dropFirst().first ?? "")' (try 'facet help')")
                return 2
            }
            out.print(HelpText.screen(screen))
            return 0
        }

        do {
            let request = try CommandLineParser.parse(tokens, screens: screens)
            var screen = try await context.catalog.open(request.screen)
            defer { screen.close() }
            await settle(screen, out: out)
            if screen.snapshot.status.kind == .error {
                return finish(screen.snapshot, json: json, out: out)
            }
            if let action = request.action {
                let outcome = try await screen.run(action, request.arguments)
                await settle(screen, out: out)
                if let next = outcome.navigate {
                    screen.close()
                    screen = try await context.catalog.open(next)
                    await settle(screen, out: out)
                }
                if let url = outcome.openURL, !json { out.print(url) }
            }
            return finish(screen.snapshot, json: json, out: out)
        } catch {
            out.error(error.message)
            return error.kind == .invalidParams ? 2 : 1
        }
    }

    /// Waits for the screen's background work (a screen may keep loading
    /// after it opens or after an action), showing its loading status on
    /// stderr while it runs when stderr is a terminal.
    static func settle(_ screen: any Screen, out: Output) async {
        guard isatty(2) == 1 else {
            await screen.settle()
            return
        }
        var shown = false
        let token = screen.changes.observe { _ in
            let status = screen.snapshot.status
            guard status.kind == .loading, let message = status.message else { return }
            out.progressLine(message)
            shown = true
        }
        await screen.settle()
        token.cancel()
        if shown { out.progressLine(nil) }
    }

    /// Prints the final snapshot; a screen that ended in an error exits 1
    /// with the message on stderr (the JSON, if asked for, still goes out).
    static func finish(_ snapshot: ScreenSnapshot, json: Bool, out: Output) -> Int32 {
        if json {
            out.print(SnapshotJSON.string(snapshot))
        } else {
            var shown = snapshot
            if shown.status.kind == .error { shown.status = .idle }
            out.print(out.renderer.render(shown))
        }
        if snapshot.status.kind == .error {
            out.error(snapshot.status.message ?? "failed")
            return 1
        }
        return 0
    }
}

/// Where the CLI writes: results on stdout, errors and progress on stderr.
struct Output {
    let renderer: SnapshotRenderer
    let errorStyle: TerminalStyle

    init(environment: [String: String]) {
        renderer = SnapshotRenderer(
            style: TerminalStyle(fileDescriptor: 1, environment: environment),
            width: TerminalStyle.width(fileDescriptor: 1, environment: environment))
        errorStyle = TerminalStyle(fileDescriptor: 2, environment: environment)
    }

    func print(_ text: String) {
        StandardStreams.print(text)
    }

    func error(_ message: String) {
        StandardStreams.printError(errorStyle.red("facet: ") + TerminalText.sanitize(message))
    }

    func progress(_ message: String) {
        StandardStreams.printError(errorStyle.dim(TerminalText.sanitize(message)))
    }

    /// Rewrites one progress line in place on a terminal (nil clears it).
    func progressLine(_ message: String?) {
        let width = TerminalStyle.width(fileDescriptor: 2, environment: [:])
        let text = message.map { TerminalText.truncate(TerminalText.sanitize($0), to: max(10, width - 1)) } ?? ""
        StandardStreams.printError("\r\u{1B}[K" + errorStyle.dim(text), terminator: "")
    }
}
