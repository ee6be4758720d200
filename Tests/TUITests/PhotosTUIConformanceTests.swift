import Foundation
import Testing
import TestSupport

/// Seed 003's title scenario (open, select, reload) driven by keys in the
/// real TUI against the loopback photos fixture: the title follows the
/// selected photo, reload resets it, and the final view-model snapshot is
/// the one the CLI's `--json` gives for the same steps.
@Suite(.serialized) struct PhotosTUIConformanceTests {
    static let clock = "1790000000"

    @Test func openSelectReloadIsIdenticalInTUIAndCLI() throws {
        let fixture = try PhotosFixtureServer.shared()
        let home = TemporaryDirectory("facet-photos-tui")
        let environment = ["FACET_PHOTOS_CLOCK": Self.clock]
        func facet(_ words: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(words, home: home.path, environment: environment)
        }
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "photos-base-url", fixture.baseURL()).status == 0)
        // What the CLI says photo 3's title is (the TUI selects the third row).
        let selected = try facet("photos", "select", "3", "--json")
        #expect(selected.status == 0, "\(selected.stderr)")
        let third = try #require(
            (try JSONSerialization.jsonObject(with: Data(selected.stdout.utf8)) as? [String: Any])?["title"] as? String)
        #expect(third != "Photos")

        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "FACET_PHOTOS_CLOCK=\(Self.clock) FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        let first = try tmux.waitForPlaylists()
        let tabs = first.components(separatedBy: "\n").first ?? ""
        let tab = try #require(tabs.range(of: #"[0-9]+ Photos"#, options: .regularExpression), "no Photos tab in: \(tabs)")
        try tmux.type(String(tabs[tab].prefix { $0.isNumber }))
        try tmux.wait(forText: "Fetched 5,000 photos")
        try tmux.keys("j", "j")
        try tmux.wait(forText: "3/5,000")
        try tmux.keys("t")
        // The title line (row 1) follows the selection.
        try tmux.wait(for: "the selected photo's title") { $0.components(separatedBy: "\n").dropFirst().first?.contains(third) == true }
        try tmux.keys("r")
        try tmux.wait(for: "the title back to Photos after reload") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 1 && lines[1].hasPrefix(" Photos ") && screen.contains("Fetched 5,000 photos")
        }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        let cli = try facet("photos", "reload", "--json")
        #expect(cli.status == 0, "\(cli.stderr)")
        let tuiObject = try JSONSerialization.jsonObject(with: Data(viaTUI.utf8)) as? NSDictionary
        let cliObject = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
        #expect(tuiObject != nil)
        #expect(tuiObject == cliObject)
        #expect(tuiObject?["title"] as? String == "Photos")
    }
}
