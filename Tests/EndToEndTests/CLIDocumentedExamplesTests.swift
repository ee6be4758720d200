import Foundation
import Testing
import TestSupport

/// Every command the documentation shows must run: the examples `facet help
/// SCREEN` prints (they come from the screen descriptors) and every `facet …`
/// line in README.md's code blocks, each against a fresh example world.
@Suite struct CLIDocumentedExamplesTests {
    /// Every registered screen; the first test fails when one is added
    /// without being listed here (and so without its examples being run).
    static let screens = [
        "playlists", "playlist", "mpd-playlists", "login", "whoami", "settings", "folders", "folder", "folder-rename", "stars", "repo",
        "photos", "photo", "player",
    ]

    static func examples(inHelp text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "Examples:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  facet ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theListOfScreensIsComplete() throws {
        let world = CLIExampleWorld()
        let help = try world.facet(["help"]).stdout
        let lines = help.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "Screens:"))
        let listed = lines[(start + 1)...].prefix { !$0.isEmpty && $0.hasPrefix("  ") }
            .filter { !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed == Self.screens)
    }

    @Test(arguments: screens)
    func everyHelpExampleRuns(screen: String) throws {
        let world = CLIExampleWorld()
        try world.signIn()
        if ["stars", "repo"].contains(screen) { try world.useGitHubStandIn() }
        if ["photos", "photo"].contains(screen) { try world.usePhotosStandIn() }
        if ["playlist", "player", "mpd-playlists"].contains(screen) { try world.useMPD() }
        let help = try world.facet(["help", screen])
        #expect(help.status == 0)
        let examples = Self.examples(inHelp: help.stdout)
        #expect(!examples.isEmpty, "facet help \(screen) shows no example")
        for example in examples {
            let result = try world.run(example)
            #expect(result.status == 0, "\(example) → \(result.status): \(result.stderr)")
            // A list with no rows prints only lines about it, on stderr for a pipe.
            #expect(!(result.stdout + result.stderr).isEmpty, "\(example) printed nothing")
        }
    }

    /// `facet …` lines of the README's code blocks (indented or fenced), in
    /// order. The interactive front ends (`--ui tui`, `--ui web`) have their
    /// own tests.
    static func readmeCommands() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var commands: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            let code: Substring
            if fenced { code = line } else if line.hasPrefix("    ") { code = line.dropFirst(4) } else { continue }
            let command = code.trimmingCharacters(in: .whitespaces)
            guard command == "facet" || command.hasPrefix("facet ") else { continue }
            if command.contains("--ui tui") || command.contains("--ui web") { continue }
            commands.append(command)
        }
        return commands
    }

    /// Each line runs, and where the README shows what it prints or says so
    /// in its comment, the output is checked (`READMEShownOutput`).
    @Test func everyREADMEExampleRunsAndPrintsWhatTheREADMEShows() throws {
        let commands = try Self.readmeCommands()
        #expect(commands.count >= 20)
        #expect(commands.contains { $0.contains("--jsonl") })
        let world = CLIExampleWorld()
        var checked = Set<String>()
        for line in commands {
            let result = try world.run(line)
            #expect(result.status == 0, "\(line) → \(result.status): \(result.stderr)")
            let command = READMEShellExamplesTests.command(line)
            let comment = line.range(of: " #").map { line[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""
            if let shown = READMEShownOutput.all.first(where: { $0.command == command }) {
                try shown.check(result, world, comment)
                checked.insert(command)
            } else if READMEShownOutput.promisesOutput(comment) {
                Issue.record("the README shows or promises what this prints, and nothing checks it: \(line)")
            }
        }
        let stale = READMEShownOutput.all.map(\.command).filter { !checked.contains($0) }
        #expect(stale.isEmpty, "checks for no README line: \(stale)")
    }
}
