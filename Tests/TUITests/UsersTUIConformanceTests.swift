import Foundation
import Testing
import TestSupport

/// The login scenario (sign in as Ada Lovelace) typed into the real TUI
/// ends in the view-model snapshot the CLI's `--json` prints for the same
/// sign-in, but for what differs between two sign-ins by design (the
/// one-time token, the minute the profile was made); and the profile it
/// made is the one the CLI then finds.
@Suite(.serialized, .tags(.users, .tui, .cli))
struct UsersTUIConformanceTests {
    @Test func signInIsIdenticalInTUIAndCLI() throws {
        let home = TemporaryDirectory("facet-users-tui")
        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        let start = try tmux.waitForPlaylists()
        try tmux.keys(try #require(FolderTUITests().tabKey(start, "Login"), "no Login tab in:\n\(start)"))
        try tmux.wait(forText: "First name")
        try tmux.keys("Enter")  // a tab's form browses until Enter picks a field
        try tmux.type("Ada")
        try tmux.keys("Tab")
        try tmux.type("Lovelace")
        try tmux.keys("Enter")
        try tmux.wait(forText: "signed in as Ada Lovelace")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = SnapshotJSON.object(try String(contentsOfFile: snapshotPath, encoding: .utf8))
        let other = TemporaryDirectory("facet-users-tui-cli")
        let cli = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", "--json"], home: other.path)
        #expect(cli.status == 0)
        #expect(viaTUI["screen"] as? String == "login")
        #expect(SnapshotJSON.status(viaTUI)["message"] as? String == "Created profile and signed in as Ada Lovelace.")
        #expect(SnapshotJSON.withoutSignInOnce(viaTUI) == SnapshotJSON.withoutSignInOnce(SnapshotJSON.object(cli.stdout)))
        let whoami = try FacetProcess.run(["whoami"], home: home.path)
        #expect(whoami.stdout.contains("Ada Lovelace"))
    }
}
