import Foundation
import Testing
import TestSupport

/// Settings the way `gh config` has them, through the built binary on a real
/// SQLite file: `get KEY` prints the value alone, `list` prints key=value
/// lines, `set` answers with one line, the table shows the keys beside the
/// labels once, a secret is never printed, an unknown key is a usage error.
@Suite struct SettingsCommandsCLITests {
    let home = TemporaryDirectory("facet-settings-commands")
    static let token = "ghp_5f1c0e7a9b3d2468-secret"

    func facet(_ arguments: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    func signIn() throws {
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
    }

    @Test func setAnswersWithOneLineAndGetPrintsTheValueAlone() throws {
        try signIn()
        let set = try facet("settings", "set", "github-user", "octocat")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "✓ Saved github-user: octocat.\n", "\(set.stdout)")

        let get = try facet("settings", "get", "github-user")
        #expect(get.status == 0)
        #expect(get.stdout == "octocat\n")
        #expect(get.stderr.isEmpty)

        let size = try facet("settings", "get", "page-size")
        #expect(size.stdout == "50\n")
        let unset = try facet("settings", "get", "ui")
        #expect(unset.status == 0 && unset.stdout == "default\n", "\(unset.stdout)")

        let cleared = try facet("settings", "set", "github-user", "")
        #expect(cleared.stdout == "✓ Cleared github-user: not set.\n")
        #expect(try facet("settings", "get", "github-user").stdout == "\n")
    }

    /// A cleared front end is "default" in `set`'s answer, the table, `get`
    /// and `list` alike, and `set` takes that word back.
    @Test func aClearedFrontEndReadsDefaultInEveryCommand() throws {
        try signIn()
        #expect(try facet("settings", "set", "ui", "cli").status == 0)
        let cleared = try facet("settings", "set", "ui", "")
        #expect(cleared.stdout == "✓ Cleared ui: default.\n", "\(cleared.stdout)")
        let table = try facet("settings")
        let row = table.stdout.split(separator: "\n").first { $0.hasPrefix("Preferred front end") }
        #expect(row?.hasSuffix(" default") == true, "\(table.stdout)")
        #expect(try facet("settings", "list").stdout.contains("\nui=default\n"))
        #expect(try facet("settings", "get", "ui").stdout == "default\n")
        let again = try facet("settings", "set", "ui", "default")
        #expect(again.stdout == "✓ Cleared ui: default.\n", "\(again.stdout)")
    }

    @Test func listPrintsKeyEqualsValueLines() throws {
        try signIn()
        #expect(try facet("settings", "set", "page-size", "25").status == 0)
        let list = try facet("settings", "list")
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "github-user=")
        #expect(lines.contains("page-size=25"))
        #expect(lines.contains("github-token="))
        #expect(lines.allSatisfy { $0.contains("=") } && lines.count == 11, "\(lines)")
    }

    @Test func theTokenIsNeverPrinted() throws {
        try signIn()
        let set = try facet("settings", "set", "github-token", Self.token)
        #expect(set.status == 0)
        #expect(set.stdout == "✓ Saved github-token: set (hidden).\n", "\(set.stdout)")
        let outputs = [set, try facet("settings", "get", "github-token"), try facet("settings", "list"),
                       try facet("settings"), try facet("settings", "--json"), try facet("settings", "--jsonl")]
        for output in outputs {
            #expect(!output.stdout.contains("5f1c0e7a9b3d2468") && !output.stderr.contains("5f1c0e7a9b3d2468"))
        }
        #expect(outputs[1].stdout == "set (hidden)\n")
        #expect(outputs[2].stdout.contains("github-token=set (hidden)\n"))
    }

    @Test func theTableShowsEachSettingOnceWithItsKey() throws {
        try signIn()
        #expect(try facet("settings", "set", "github-user", "octocat").status == 0)
        let table = try facet("settings")
        #expect(table.status == 0)
        #expect(table.stdout.contains("GitHub username      github-user        octocat"), "\(table.stdout)")
        #expect(table.stdout.contains("Page size            page-size          50"), "\(table.stdout)")
        #expect(table.stdout.components(separatedBy: "octocat").count == 2, "printed twice: \(table.stdout)")
        #expect(!table.stdout.contains("(saved)"))
    }

    @Test func anUnknownKeyIsAUsageErrorListingTheKeys() throws {
        try signIn()
        for action in ["get", "set"] {
            let result = action == "get" ? try facet("settings", "get", "colour") : try facet("settings", "set", "colour", "red")
            #expect(result.status == 2, "\(action)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("github-user, github-token, ui, page-size, github-base-url, photos-base-url, github-web-url"),
                    "\(action): \(result.stderr)")
        }
    }
}
