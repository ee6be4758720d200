import ArgumentParser
import CLIFrontEnd
import Composition
import Foundation
import JSONLFrontEnd
import MCPFrontEnd
import ScreenKit
import TUIFrontEnd

/// Global options, parsed before a front end sees the rest of the line.
struct LauncherOptions: ParsableArguments {
    static let configuration = CommandConfiguration(commandName: "facet")

    @Option(name: .long, help: "Front end: cli, tui or jsonl (else FACET_UI, then your saved preference).")
    var ui: String?

    @Flag(name: .long, help: "Print the version and exit.")
    var version = false

    @Argument(parsing: .captureForPassthrough, help: "Screen, action and arguments for the CLI (try 'facet help').")
    var rest: [String] = []
}

/// Picks and runs a front end: `--ui`, then `FACET_UI`, then the signed-in
/// user's preference, then the TUI on a terminal, else the CLI (whose bare
/// form prints help).
@main
@MainActor
enum Launcher {
    static let frontEnds: [any FrontEnd.Type] = [CLIFrontEnd.self, TUIFrontEnd.self, JSONLFrontEnd.self, MCPFrontEnd.self]

    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let options: LauncherOptions
        do {
            options = try LauncherOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            let code = LauncherOptions.exitCode(for: error)
            if code == .success {
                print(LauncherOptions.helpMessage())
                print(CLIFrontEnd.globalHelpHint)
                exit(0)
            }
            FileHandle.standardError.write(Data((LauncherOptions.message(for: error) + "\n").utf8))
            exit(2)
        }
        if options.version {
            print("facet \(FacetApp.version)")
            exit(0)
        }
        let app: FacetApp
        do {
            app = try FacetApp(environment: environment)
            try await app.prepare()
        } catch {
            FileHandle.standardError.write(Data("facet: \(FacetApp.message(for: error))\n".utf8))
            exit(1)
        }
        let requested = options.ui ?? environment["FACET_UI"].flatMap { $0.isEmpty ? nil : $0 }
        let preferred = requested == nil ? await preferredFrontEnd(app, rest: options.rest) : nil
        let name = requested ?? preferred ?? defaultFrontEnd(rest: options.rest)
        guard let frontEnd = frontEnds.first(where: { $0.name == name }) else {
            let known = frontEnds.map { $0.name }.joined(separator: ", ")
            FileHandle.standardError.write(Data("facet: unknown front end '\(name)' (available: \(known))\n".utf8))
            exit(2)
        }
        let context = FrontEndContext(
            catalog: app.registry, arguments: options.rest, environment: environment, version: FacetApp.version,
            home: app.home)
        let status = await frontEnd.run(context)
        exit(status)
    }

    /// The signed-in user's saved choice, for bare `facet` only (a command on
    /// the line is a CLI call), and only if this build has that front end. A
    /// saved `tui` without a terminal (a script, a pipe) is passed over rather
    /// than refused: a preference is not a demand the way `--ui` is.
    @MainActor
    static func preferredFrontEnd(_ app: FacetApp, rest: [String]) async -> String? {
        guard rest.isEmpty, let preferred = await app.preferredFrontEnd() else { return nil }
        if preferred == TUIFrontEnd.name, !(isatty(0) == 1 && isatty(1) == 1) { return nil }
        return frontEnds.contains { $0.name == preferred } ? preferred : nil
    }

    /// With a command on the line the CLI runs it; bare `facet` starts the TUI
    /// on a terminal and prints CLI help otherwise.
    static func defaultFrontEnd(rest: [String]) -> String {
        if !rest.isEmpty { return "cli" }
        return isatty(0) == 1 && isatty(1) == 1 ? "tui" : "cli"
    }
}
