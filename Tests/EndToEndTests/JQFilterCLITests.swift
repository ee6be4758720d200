import Foundation
import Testing
import TestSupport

/// gh's `--jq`: `--json FIELDS --jq EXPR` filters with jq's own language
/// (the `jq` command, run as a child), through the built binary. Strings
/// print as their text, other values as compact JSON; a bad program is a
/// usage error with jq's message that runs nothing; bare `--json` keeps
/// printing the whole snapshot.
@Suite struct JQFilterCLITests {
    let home = TemporaryDirectory("facet-jq")

    func facet(_ arguments: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    @Test func filtersTheFieldsWithJqsOwnLanguage() throws {
        let titles = try facet("playlist", "Sample", "--json", "title,artist", "--jq", #".[] | select(.artist | test("^the "; "i")) | .title"#)
        #expect(titles.status == 0, "\(titles.stderr)")
        #expect(titles.stdout == "Hey Jude\n", "\(titles.stdout)")

        let shaped = try facet("playlist", "Sample", "--all", "--json", "id,artist", "--jq", "map(.artist | ascii_downcase) | sort | .[:2]")
        #expect(shaped.status == 0, "\(shaped.stderr)")
        #expect(shaped.stdout == "[\"bob dylan\",\"eagles\"]\n", "\(shaped.stdout)")

        let count = try facet("playlist", "Sample", "--json=title", "--jq=length")
        #expect(count.stdout == "7\n", "\(count.stdout)")
    }

    @Test func aBadProgramIsAUsageErrorThatRunsNothing() throws {
        let bad = try facet("playlist", "Sample", "delete", "--yes", "--json", "title", "--jq", ".[] | select(")
        #expect(bad.status == 2, "\(bad.stdout)")
        #expect(bad.stderr.contains("--jq:") && bad.stderr.contains("syntax error"), "\(bad.stderr)")
        #expect(try facet("playlist", "Sample").status == 0, "the playlist was deleted by a refused command")

        let failing = try facet("playlist", "Sample", "--json", "title", "--jq", ".[] | .title + 1")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("cannot be added"), "\(failing.stderr)")
    }

    /// Help, the man page and completion know the option; a program being
    /// typed is never completed as an action or a playlist name.
    @Test func helpManAndCompletionKnowTheOption() throws {
        let help = try facet("help")
        #expect(help.stdout.contains("--jq EXPR"), "\(help.stdout)")
        #expect(try facet("help", "--man").stdout.contains("\\-\\-jq EXPR"))
        #expect(try DiscoveryTests.bashCompletion(["playlist", "Sample", "--j"], home: home.path).contains("--jq"))
        #expect(try DiscoveryTests.bashCompletion(["playlist", "Sample", "--json", "title", "--jq", ""], home: home.path).isEmpty)
    }

    @Test func jqNeedsAFieldListAndBareJSONKeepsItsMeaning() throws {
        let bare = try facet("playlist", "Sample", "--json", "--jq", ".title")
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("--jq filters --json FIELDS"), "\(bare.stderr)")
        let whole = try facet("playlist", "Sample", "--json")
        #expect(whole.status == 0)
        let snapshot = try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any]
        #expect(snapshot?["screen"] as? String == "playlist", "\(whole.stdout.prefix(200))")
    }

    /// A program that ends before reading its input whole (`first`, `limit`)
    /// leaves facet running to print its answer; without jq, only `--jq` is
    /// refused, with the package to install.
    @Test func anEarlyEndingProgramAndAMissingJq() throws {
        let first = try facet("playlist", "Sample", "--all", "--json", "title", "--jq", "first(.[]) | .title")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Bohemian Rhapsody\n", "\(first.stdout)")
        let nowhere = try FacetProcess.run(
            ["playlist", "Sample", "--json", "title", "--jq", ".[0]"], home: home.path, environment: ["PATH": "/nonexistent"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("--jq needs the jq command") && nowhere.stderr.contains("apt install jq"), "\(nowhere.stderr)")
        #expect(try FacetProcess.run(["playlist", "Sample", "--json", "title"], home: home.path, environment: ["PATH": "/nonexistent"]).status == 0)
    }
}
