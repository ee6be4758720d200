import Foundation
import Testing
import TestSupport

/// The database file deleted, or replaced by a new one, while a JSON-lines
/// session has it open (another program removed it, then a CLI command
/// made a new one): SQLite would go on with the unlinked file, so the
/// session would show, and save into, data nobody else sees. It must say so.
@Suite struct DatabaseReplacedUnderSessionTests {
    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }

    @Test func aDeletedAndRecreatedDatabaseIsNotFollowedSilently() throws {
        let home = TemporaryDirectory("facet-replaced")
        let list = home.file("later.m3u", "#EXTM3U\n#EXTINF:100,Artist - Later Song\n/music/later.mp3\n")
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let handle = result(opened)["handle"] as? String ?? ""
        #expect(text(opened).contains("Sample"))

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: home.path + "/facet.sqlite" + suffix) }
        let created = try FacetProcess.run(["playlists", "import", list, "--name", "Later"], home: home.path)
        #expect(created.status == 0, "\(created.stderr)")

        // The open screen is told without asking.
        let told = try session.notification(timeout: 10) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("deleted or replaced")
        }
        #expect(text(told).contains("start Facet again"), "\(text(told))")
        // Reading again (`r`) either shows the new file's playlists or says
        // the file changed; it never shows the old file's as if current.
        let reloaded = try session.request("screen.perform", ["handle": handle, "action": "reload"])
        let snapshot = result(try session.request("screen.snapshot", ["handle": handle]))
        let seen = text(reloaded) + text(snapshot)
        #expect(seen.contains("Later") || seen.contains("deleted or replaced"), "\(seen)")
        // Nothing is written into the unlinked file: an edit is refused.
        let renamed = try session.request(
            "screen.perform", ["handle": handle, "action": "delete", "args": ["item": "Sample"]])
        #expect(text(renamed).contains("deleted or replaced") || text(renamed).contains("Later"), "\(text(renamed))")
        let listed = try FacetProcess.run(["playlists", "--json"], home: home.path)
        #expect(listed.stdout.contains("Later") && listed.stdout.contains("Sample"), "\(listed.stdout)")
        #expect(try session.finish() == 0)
    }
}
