import Foundation
import Testing
import TestSupport

/// Each screen's help shows the whole grammar that applies to it, as `gh
/// repo list --help` lists `--limit`; one reverse flag on a screen.
@Suite(.serialized, .tags(.playlists))
struct ScreenHelpGrammarTests {
    @Test func aListScreensHelpListsTheOutputOptionsAndAFormsOnlyThoseThatApply() throws {
        let home = TemporaryDirectory("facet-home")
        for screen in ["playlists", "playlist"] {
            let help = try FacetProcess.run(["help", screen], home: home.path)
            #expect(help.status == 0)
            for option in ["--json ", "--json FIELDS", "--jsonl", "--fields FIELDS", "--limit N", "--all"] {
                #expect(help.stdout.contains("  " + option), "help \(screen) lists \(option): \(help.stdout)")
            }
        }
        let form = try FacetProcess.run(["help", "login"], home: home.path)
        #expect(form.status == 0)
        #expect(form.stdout.contains("  --json "), "\(form.stdout)")
        #expect(!form.stdout.contains("--limit") && !form.stdout.contains("--all"), "\(form.stdout)")
    }

    @Test func descendingIsRefusedAsAScreenOptionNamingReverse() throws {
        let home = TemporaryDirectory("facet-home")
        let refused = try FacetProcess.run(["playlist", "Sample", "--descending"], home: home.path)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("has no option --descending: --reverse orders the other way round"), "\(refused.stderr)")
        let reversed = try FacetProcess.run(["playlist", "Sample", "--sort", "title", "--reverse"], home: home.path)
        #expect(reversed.status == 0, "\(reversed.stderr)")
    }
}
