import Foundation
import Testing
import TestSupport

/// The launcher's front-end registry is the one source of front-end names:
/// help, `--ui`, `FACET_UI` errors and the `ui` setting all agree with it.
@Suite struct FrontEndRegistryTests {
    let home = TemporaryDirectory("facet-home")

    @Test func helpNamesEveryFrontEnd() throws {
        let help = try FacetProcess.run(["--help"], home: home.path)
        #expect(help.status == 0)
        for name in ["cli", "tui", "jsonl", "mcp", "web"] {
            #expect(help.stdout.contains(name), "\(help.stdout)")
        }
    }

    @Test func unknownNamesSayWhereTheyCameFromAndWhatExists() throws {
        let flag = try FacetProcess.run(["--ui", "gui"], home: home.path)
        #expect(flag.status == 2)
        #expect(flag.stderr == "facet: unknown front end 'gui' (--ui; available: cli, tui, jsonl, mcp, web)\n")
        let variable = try FacetProcess.run([], home: home.path, environment: ["FACET_UI": "desktop"])
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("unknown front end 'desktop' (FACET_UI; available: cli, tui, jsonl, mcp, web)"))
        // Refused before anything is opened: no database was created for it.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/facet.sqlite"))
    }

    @Test func theSavedPreferenceTakesTheRegistryNames() throws {
        #expect(try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path).status == 0)
        let refused = try FacetProcess.run(["settings", "set", "ui", "gui"], home: home.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Preferred front end must be one of cli, tui, jsonl, mcp, web (or empty for the default)."))
        #expect(try FacetProcess.run(["settings", "set", "ui", "jsonl"], home: home.path).status == 0)
        // Bare `facet` now speaks JSON lines.
        let bare = try FacetProcess.run([], home: home.path, stdin: #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n")
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":"#))
    }

    /// `--version` alone takes the fast path (before the parser and the
    /// environment); with other options it goes through the parser. Both
    /// print the same line and create nothing.
    @Test func versionOnItsOwnAndAmongOptions() throws {
        let alone = try FacetProcess.run(["--version"], home: home.path)
        #expect(alone.status == 0)
        #expect(alone.stdout.range(of: #"^facet [0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression) != nil, "\(alone.stdout)")
        #expect(alone.stderr.isEmpty)
        let parsed = try FacetProcess.run(["--ui", "cli", "--version"], home: home.path)
        #expect(parsed.status == 0)
        #expect(parsed.stdout == alone.stdout)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/facet.sqlite"))
    }
}
