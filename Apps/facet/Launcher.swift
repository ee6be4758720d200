import ArgumentParser
import CLIFrontEnd
import Composition
import Foundation
import ScreenKit

/// Global options, parsed before a front end sees the rest of the line.
struct LauncherOptions: ParsableArguments {
    static let configuration = CommandConfiguration(commandName: "facet")

    @Option(name: .long, help: "Front end to run (see FRONT ENDS below; else FACET_UI, then your saved preference).")
    var ui: String?

    @Flag(name: .long, help: "Print the version and exit.")
    var version = false

    @Argument(parsing: .captureForPassthrough, help: "Screen, action and arguments for the CLI (try 'facet help').")
    var rest: [String] = []
}

/// Picks and runs a front end from `FrontEndRegistry`: `--ui`, then
/// `FACET_UI`, then the signed-in user's preference, then the TUI on a
/// terminal, else the CLI (whose bare form prints help).
@main
@MainActor
enum Launcher {
    static func main() async {
        StandardStreams.prepareProcess()
        let environment = ProcessInfo.processInfo.environment
        let options: LauncherOptions
        do {
            options = try LauncherOptions.parse(Array(FacetApp.commandLineArguments().dropFirst()))
        } catch {
            let code = LauncherOptions.exitCode(for: error)
            if code == .success {
                StandardStreams.print(LauncherOptions.helpMessage())
                StandardStreams.print(FrontEndRegistry.help)
                StandardStreams.print("")
                StandardStreams.print(CLIFrontEnd.globalHelpHint)
                exit(0)
            }
            StandardStreams.printError(LauncherOptions.message(for: error))
            exit(2)
        }
        if options.version {
            StandardStreams.print("facet \(FacetApp.version)")
            exit(0)
        }
        // A name asked for explicitly is checked before anything is opened.
        let fromEnvironment = environment["FACET_UI"].flatMap { $0.isEmpty ? nil : $0 }
        if let requested = options.ui ?? fromEnvironment, FrontEndRegistry.entry(requested) == nil {
            fail(FrontEndRegistry.unknown(requested, from: options.ui != nil ? "--ui" : "FACET_UI"), status: 2)
        }
        let app: FacetApp
        do {
            app = try FacetApp(environment: environment, frontEnds: FrontEndRegistry.names)
            try await app.prepare()
        } catch {
            fail("facet: \(FacetApp.message(for: error))", status: 1)
        }
        let requested = options.ui ?? fromEnvironment
        let preferred = requested == nil ? await preferredFrontEnd(app, rest: options.rest) : nil
        let name = requested ?? preferred ?? defaultFrontEnd(rest: options.rest)
        if let preferred, let note = machineOnTerminalNote(preferred) { StandardStreams.printError(note) }
        guard let entry = FrontEndRegistry.entry(name) else {
            fail(FrontEndRegistry.unknown(name, from: "default"), status: 2)
        }
        let context = FrontEndContext(
            catalog: app.catalog, arguments: options.rest, environment: environment, version: FacetApp.version,
            home: app.home, frontEnds: FrontEndRegistry.infos)
        let status = await entry.frontEnd.run(context)
        // Output that could not be written (closed stdout, full disk) is a failure.
        exit(status == 0 && StandardStreams.failed ? 1 : status)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StandardStreams.printError(message)
        exit(status)
    }

    static var onTerminal: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// A saved machine front end (jsonl, mcp) on a terminal would wait in
    /// silence for JSON-RPC and call a typed `q` a parse error: say so on
    /// stderr first, with the way out and the way to the TUI (issue 15).
    static func machineOnTerminalNote(_ preferred: String) -> String? {
        guard isatty(0) == 1, preferred != FrontEndRegistry.forCommands.name, preferred != FrontEndRegistry.forTerminal.name
        else { return nil }
        return "facet: the saved front end is '\(preferred)' (setting ui): it reads JSON-RPC requests, one per line, from "
            + "this terminal. Ctrl-D ends it; 'facet --ui tui' opens the full-screen interface and "
            + "'facet settings set ui tui' makes that the default."
    }

    /// The signed-in user's saved choice, for bare `facet` only (a command on
    /// the line is a CLI call), and only if this build has that front end. A
    /// saved terminal front end without a terminal (a script, a pipe) is
    /// passed over rather than refused: a preference is not a demand the way
    /// `--ui` is.
    static func preferredFrontEnd(_ app: FacetApp, rest: [String]) async -> String? {
        guard rest.isEmpty, let preferred = await app.preferredFrontEnd(),
              let entry = FrontEndRegistry.entry(preferred) else { return nil }
        if entry.needsTerminal, !onTerminal { return nil }
        return preferred
    }

    /// With a command on the line the CLI runs it; bare `facet` starts the TUI
    /// on a terminal and prints CLI help otherwise.
    static func defaultFrontEnd(rest: [String]) -> String {
        if !rest.isEmpty { return FrontEndRegistry.forCommands.name }
        return (onTerminal ? FrontEndRegistry.forTerminal : FrontEndRegistry.forCommands).name
    }
}
