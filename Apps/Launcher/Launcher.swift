import ArgumentParser
import Composition
import FeatureKit
import Foundation
import RemoteCatalog
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

/// What the launcher was asked: `LauncherOptions`' values as plain fields.
struct Request {
    var ui: String?
    var version = false
    var rest: [String] = []

    /// A line starting with a screen name has no launcher option (everything
    /// after the first positional argument passes through, as the parser
    /// would do), so the common one-shot command skips the argument parser,
    /// whose reflection over the options was a measurable part of start-up.
    init(parsing arguments: [String]) throws {
        if let first = arguments.first, !first.isEmpty, !first.hasPrefix("-") {
            rest = arguments
            return
        }
        // `-V` and `-v` alone are the version, as in most tools.
        if arguments == ["-V"] || arguments == ["-v"] {
            version = true
            return
        }
        let options = try LauncherOptions.parse(arguments)
        ui = options.ui
        version = options.version
        rest = options.rest
    }
}

/// Picks and runs a front end from a `FrontEndRegistry`: `--ui`, then
/// `FACET_UI`, then the signed-in user's preference, then the TUI on a
/// terminal, else the CLI (whose bare form prints help).
///
/// The whole of the `facet` executable is `Launcher.main()`, which runs this
/// on the main thread; a package built on Facet makes its own executable the
/// same way with more features:
/// `Launcher.main(features: Launcher.facetFeatures + [BookmarksFeature.self])`.
@MainActor
public enum Launcher {
    /// Facet's own features (playlists, users, folders), in their order.
    public static var facetFeatures: [any Feature.Type] { FacetApp.features }

    /// Parses the command line, opens the app with `features`, runs the
    /// chosen front end and exits the process with its status.
    ///
    public static func run(
        features: [any Feature.Type] = FacetApp.features, frontEnds registry: FrontEndRegistry = .standard
    ) async -> Never {
        // `facet --version` alone is answered before the argument parser,
        // the environment or anything else is built: scripts call it in loops.
        // Read from argv directly: `CommandLine.arguments` builds an array
        // of Strings first.
        if CommandLine.argc == 2, let argument = CommandLine.unsafeArgv[1], strcmp(argument, "--version") == 0 {
            // Not `print`: its `Any...` array instantiates generic metadata.
            let line = "facet " + FacetApp.version + "\n"
            _ = line.withCString { write(1, $0, strlen($0)) }
            exit(0)
        }
        StandardStreams.prepareProcess()
        let environment = ProcessInfo.processInfo.environment
        let connect = ConnectOption(
            arguments: Array(FacetApp.commandLineArguments().dropFirst()), environment: environment,
            defaultSocket: { SocketLocation.defaultPath(environment: environment) })
        let options: Request
        do {
            options = try Request(parsing: connect.arguments)
        } catch {
            let code = LauncherOptions.exitCode(for: error)
            if code == .success {
                StandardStreams.print(LauncherOptions.helpMessage())
                StandardStreams.print(registry.help)
                if let hint = registry.helpHint {
                    StandardStreams.print("")
                    StandardStreams.print(hint)
                }
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
        if let requested = options.ui ?? fromEnvironment, registry.entry(requested) == nil {
            fail(registry.unknown(requested, from: options.ui != nil ? "--ui" : "FACET_UI"), status: 2)
        }
        if options.ui == nil, let status = PathsCommand.run(options.rest, environment: environment) { exit(status) }
        if let help = FrontEndHelp.text(ui: options.ui, rest: options.rest, registry: registry) {
            StandardStreams.print(help)
            exit(0)
        }
        // `facet serve …` (a command front end) runs with the rest of the line.
        var rest = options.rest
        var command: FrontEndRegistry.Entry?
        if options.ui == nil, let entry = registry.command(rest.first) {
            command = entry
            rest.removeFirst()
            if !rest.contains("--socket") { rest += ["--socket", SocketLocation.defaultPath(environment: environment)] }
            relayToRunningServer(rest)
        }
        if let target = connect.target, command == nil {
            await runConnected(
                to: target, remoteFacet: connect.remoteFacet, options: options, environment: environment, registry: registry)
        }
        // Which front end runs is known before the database opens unless a
        // saved preference may decide it (bare `facet`); the process mode is
        // decided here, once, from it (long-running when not yet known) and
        // handed down to everything that depends on it.
        let requestedEntry = (options.ui ?? fromEnvironment).flatMap { registry.entry($0) }
        let known = command ?? requestedEntry ?? (options.rest.isEmpty ? nil : registry.entry(registry.forCommands.name))
        let mode = known?.mode ?? .longRunning
        // A one-command process's awaits into stores and services stay on
        // the main thread (see MainQueueExecutor), and so do the screens'
        // background tasks (handed to the app as their work executor);
        // long-running front ends keep the concurrency pool (nil: no
        // preference).
        let preference: (any TaskExecutor)? = mode == .oneCommand ? MainQueueExecutor.shared : nil
        let status = await withTaskExecutorPreference(preference) {
            await openAndRun(
                options: options, fromEnvironment: fromEnvironment, environment: environment, registry: registry,
                features: features, command: command, mode: mode, rest: rest, executor: preference)
        }
        exit(status)
    }

    /// Opens the app, runs the chosen front end, closes the app and returns
    /// the status the process exits with.
    static func openAndRun(
        options: Request, fromEnvironment: String?, environment: [String: String], registry: FrontEndRegistry,
        features: [any Feature.Type], command: FrontEndRegistry.Entry?, mode: ProcessMode, rest: [String],
        executor: (any TaskExecutor)?
    ) async -> Int32 {
        let app: FacetApp
        do {
            app = try FacetApp(
                environment: environment, frontEnds: registry.names, features: features, mode: mode,
                workExecutor: executor)
            try await app.prepare()
        } catch {
            fail("facet: \(FacetApp.message(for: error))", status: 1)
        }
        if let command {
            var context = FrontEndContext(
                catalog: app.catalog, arguments: rest, environment: environment, version: FacetApp.version,
                home: app.home, frontEnds: registry.infos)
            context.runtimeDirectory = SocketLocation.directory(environment: environment)
            let status = await command.frontEnd.run(context)
            app.finish()
            return status
        }
        let requested = options.ui ?? fromEnvironment
        let preferred = requested == nil ? await preferredFrontEnd(app, rest: options.rest, registry: registry) : nil
        let name = requested ?? preferred ?? defaultFrontEnd(rest: options.rest, registry: registry)
        if let preferred, let note = machineOnTerminalNote(preferred, registry: registry) { StandardStreams.printError(note) }
        guard let entry = registry.entry(name) else {
            fail(registry.unknown(name, from: "default"), status: 2)
        }
        var context = FrontEndContext(
            catalog: app.catalog, arguments: options.rest, environment: environment, version: FacetApp.version,
            home: app.home, frontEnds: registry.infos)
        context.runtimeDirectory = SocketLocation.directory(environment: environment)
        let status = await entry.frontEnd.run(context)
        app.finish()
        // Output that could not be written (closed stdout, full disk) is a failure.
        return status == 0 && StandardStreams.failed ? 1 : status
    }

    /// `--connect`: the front end runs against a running server's core (on
    /// this machine, or on another through ssh); no database is opened here
    /// and no saved preference is read.
    static func runConnected(
        to target: RemoteTarget, remoteFacet: String?, options: Request, environment: [String: String],
        registry: FrontEndRegistry
    ) async -> Never {
        let requested = options.ui ?? environment["FACET_UI"].flatMap { $0.isEmpty ? nil : $0 }
        let name = requested ?? defaultFrontEnd(rest: options.rest, registry: registry)
        guard let entry = registry.entry(name) else { fail(registry.unknown(name, from: "default"), status: 2) }
        let catalog: RemoteCatalog
        do {
            // ssh may ask on the terminal only for a terminal front end,
            // before it takes the terminal over.
            catalog = try await RemoteCatalog.connect(
                target, remoteFacet: remoteFacet, environment: environment,
                interactive: entry.needsTerminal && onTerminal)
        } catch {
            fail("facet: \(error.message)", status: 1)
        }
        var context = FrontEndContext(
            catalog: catalog, arguments: options.rest, environment: environment, version: FacetApp.version,
            home: catalog.home, frontEnds: registry.infos)
        context.runtimeDirectory = SocketLocation.directory(environment: environment)
        exit(await entry.frontEnd.run(context))
    }

    /// `facet serve --stdio` (the remote end of `--connect ssh://`) attaches
    /// the ssh client to this host's running server, if one runs, rather
    /// than opening a second core beside it; else it goes on to serve the
    /// client with a core of its own.
    static func relayToRunningServer(_ rest: [String]) {
        guard rest.contains("--stdio"), let index = rest.lastIndex(of: "--socket"), index + 1 < rest.count else { return }
        do {
            if let status = try StdioRelay.run(socket: rest[index + 1]) { exit(status) }
        } catch {
            fail("facet: \(error.message)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StandardStreams.printError(message)
        exit(status)
    }

    static var onTerminal: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// A saved machine front end (jsonl, mcp) on a terminal would wait in
    /// silence for JSON-RPC and call a typed `q` a parse error: say so on
    /// stderr first, with the way out and the way to the TUI.
    static func machineOnTerminalNote(_ preferred: String, registry: FrontEndRegistry) -> String? {
        guard isatty(0) == 1, preferred != registry.forCommands.name, preferred != registry.forTerminal.name
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
    static func preferredFrontEnd(_ app: FacetApp, rest: [String], registry: FrontEndRegistry) async -> String? {
        guard rest.isEmpty, let preferred = await app.preferredFrontEnd(),
              let entry = registry.entry(preferred) else { return nil }
        if entry.needsTerminal, !onTerminal { return nil }
        return preferred
    }

    /// With a command on the line the CLI runs it; bare `facet` starts the TUI
    /// on a terminal and prints CLI help otherwise.
    static func defaultFrontEnd(rest: [String], registry: FrontEndRegistry) -> String {
        if !rest.isEmpty { return registry.forCommands.name }
        return (onTerminal ? registry.forTerminal : registry.forCommands).name
    }
}
