import Foundation
import Testing
import TestSupport

/// Seed 003's title scenario in the real TUI (tmux): open Photos, select a
/// row (its title becomes the screen's), reload (the default title comes
/// back first, then the list). The final snapshot equals the CLI's `--json`
/// for the same last step.
@Suite(.serialized) struct PhotosTUITests {
    @Test func titleRulesInTheTUIEndWhereTheCLIDoes() throws {
        let fixture = try PhotosFixtureServer.shared()
        let home = TemporaryDirectory("facet-tui-photos")
        let clock = ["FACET_PHOTOS_CLOCK": "1790000000"]
        func facet(_ arguments: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(arguments, home: home.path, environment: clock)
        }
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "photos-base-url", fixture.baseURL("ok")).status == 0)
        let first = try facet("photos", "--json")
        #expect(first.status == 0, "\(first.stderr)")
        let firstTitle = try #require(((((try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])?["content"]
            as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]])?.first?["title"] as? String)

        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(
                home: home.path, extra: "FACET_PHOTOS_CLOCK=1790000000 FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"),
            width: 180, height: 30)
        let start = try tmux.wait(forText: "Playlists")
        // The screen switcher numbers every top-level screen: find Photos' digit.
        let tabs = start.components(separatedBy: "\n").first ?? ""
        let digit = try #require((1...9).first { tabs.contains(" \($0) Photos ") }, "no Photos tab in: \(tabs)")
        try tmux.keys(String(digit))
        var screen = try tmux.wait(forText: firstTitle)
        #expect(screen.contains("Fetched 5,000 photos.") || screen.contains("5,000"))

        // `t` selects the row under the cursor: the title line shows its title.
        try tmux.keys("t")
        screen = try tmux.wait(for: "the selected title") { $0.components(separatedBy: "\n").dropFirst().first?.contains(firstTitle) == true }
        // `r` reloads: the title goes back to "Photos".
        try tmux.keys("r")
        screen = try tmux.wait(for: "the default title") { screen in
            let line = screen.components(separatedBy: "\n").dropFirst().first ?? ""
            return line.contains("Photos") && !line.contains(firstTitle) && screen.contains("Fetched 5,000 photos.")
                && !screen.contains("Refreshing photos")
        }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: snapshotPath))) as? NSDictionary
        let cli = try facet("photos", "reload", "--json")
        #expect(cli.status == 0)
        let viaCLI = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
        #expect(viaTUI != nil)
        #expect(viaTUI == viaCLI)
        #expect(viaTUI?["title"] as? String == "Photos")
    }
}
