import Foundation
import Testing
import TestSupport

/// Seed 003's title scenario (open, select, reload) driven by keys in the
/// real TUI against the loopback photos fixture: the title follows the
/// selected photo, reload resets it, and the final view-model snapshot is
/// the one the CLI's `--json` gives for the same steps.
@Suite(.serialized, .tags(.photos, .tui, .cli)) struct PhotosTUIConformanceTests {
    static let clock = "1790000000"

    struct Seen: Sendable {
        var third = ""
        var tui = ""
        var cli: FacetProcess.Result?
    }

    @Test func openSelectReloadIsIdenticalInTUIAndCLI() async throws {
        // The blocking part (processes, tmux polling) runs off the cooperative pool.
        let seen = try await offThePool { try Self.run() }
        #expect(seen.third != "Photos" && !seen.third.isEmpty)
        #expect(seen.cli?.status == 0, "\(seen.cli?.stderr ?? "")")
        let tuiObject = try JSONSerialization.jsonObject(with: Data(seen.tui.utf8)) as? NSDictionary
        let cliObject = try JSONSerialization.jsonObject(with: Data((seen.cli?.stdout ?? "").utf8)) as? NSDictionary
        #expect(tuiObject != nil)
        #expect(tuiObject == cliObject)
        #expect(tuiObject?["title"] as? String == "Photos")
    }

    static func run() throws -> Seen {
        var seen = Seen()
        let fixture = try PhotosFixtureServer.shared()
        let home = TemporaryDirectory("facet-photos-tui")
        let environment = ["FACET_CLOCK": clock]
        func facet(_ words: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(words, home: home.path, environment: environment)
        }
        guard try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0,
              try facet("settings", "set", "photos-base-url", fixture.baseURL()).status == 0
        else { throw Failure.setUp }
        // What the CLI says photo 3's title is (the TUI selects the third row).
        let selected = try facet("photos", "select", "3", "--json")
        seen.third = (try JSONSerialization.jsonObject(with: Data(selected.stdout.utf8)) as? [String: Any])?["title"] as? String ?? ""
        let third = seen.third

        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "FACET_CLOCK=\(clock) FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        try tmux.switchToTab("Photos", on: tmux.waitForPlaylists())
        try tmux.wait(forText: "Fetched 5,000 photos")
        try tmux.keys("j", "j")
        try tmux.wait(forText: "3/5,000")
        try tmux.keys("t")
        // The title line (row 1) follows the selection.
        try tmux.wait(for: "the selected photo's title") { $0.components(separatedBy: "\n").dropFirst().first?.contains(third) == true }
        try tmux.keys("r")
        try tmux.wait(for: "the title back to Photos after the reload") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 1 && lines[1].hasPrefix(" Photos ") && screen.contains("Fetched 5,000 photos.")
        }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
        seen.tui = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        seen.cli = try facet("photos", "reload", "--json")
        return seen
    }

    enum Failure: Error { case setUp }
}
