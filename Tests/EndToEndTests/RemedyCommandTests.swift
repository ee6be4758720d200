import Foundation
import Testing
import TestSupport

/// Every "sign in first" and "set a GitHub user" message names the exact
/// command that fixes it, and that command, run as printed (NAME filled
/// in), does fix it: the refused command then works.
@Suite struct RemedyCommandTests {
    let home = TemporaryDirectory("facet-remedy")
    static let signIn = "facet login sign-in --first-name NAME --last-name NAME"
    static let setUser = "facet settings set github-user NAME"

    func facet(_ arguments: [String]) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    /// Runs a command as the message prints it, each NAME replaced in turn.
    func run(_ printed: String, names: [String]) throws -> FacetProcess.Result {
        var names = names[...]
        let words = printed.split(separator: " ").dropFirst().map { $0 == "NAME" ? names.popFirst() ?? "x" : String($0) }
        return try facet(words)
    }

    @Test func settingsWithNobodySignedInNamesTheSignInCommand() throws {
        let refused = try facet(["settings"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Self.signIn), "\(refused.stderr)")
        #expect(try run(Self.signIn, names: ["Ada", "Lovelace"]).status == 0)
        #expect(try facet(["settings"]).status == 0)
    }

    @Test func starsWithNobodySignedInNamesBothCommands() throws {
        let refused = try facet(["stars", "--refresh", "none"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Self.signIn) && refused.stderr.contains(Self.setUser), "\(refused.stderr)")
        #expect(try run(Self.signIn, names: ["Ada", "Lovelace"]).status == 0)
        #expect(try run(Self.setUser, names: ["octocat"]).status == 0)
        let shown = try facet(["stars", "--refresh", "none"])
        #expect(shown.status == 0, "\(shown.stderr)")
    }

    @Test func starsWithoutAGitHubUserNamesTheSettingsCommand() throws {
        #expect(try run(Self.signIn, names: ["Ada", "Lovelace"]).status == 0)
        let refused = try facet(["stars", "--refresh", "none"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Self.setUser), "\(refused.stderr)")
        #expect(try run(Self.setUser, names: ["octocat"]).status == 0)
        #expect(try facet(["stars", "--refresh", "none"]).status == 0)
    }

    @Test func settingsSetWithNobodySignedInNamesTheSignInCommand() throws {
        let refused = try facet(["settings", "set", "github-user", "octocat"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Self.signIn), "\(refused.stderr)")
    }
}
