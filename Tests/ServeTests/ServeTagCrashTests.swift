import Foundation
import Testing
import TestSupport

/// One client of `facet serve` imports a folder holding files that crash
/// the tag library: the server warns that client naming them, and goes on
/// answering both clients.
@Suite struct ServeTagCrashTests {
    let music = TemporaryDirectory("facet-serve-tags")

    @Test func anImportOfCrashingFilesLeavesTheServerAnsweringEveryone() throws {
        let folder = music.path + "/music"
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: folder)
        try CraftedAudioFixture.nestedMoovMP4().write(to: URL(fileURLWithPath: folder + "/nested moov.m4a"))
        try CraftedAudioFixture.nestedChapterMP3().write(to: URL(fileURLWithPath: folder + "/nested chapters.mp3"))
        let server = try ServerProcess()
        let importer = try SocketClient(path: server.socket)
        let other = try SocketClient(path: server.socket)
        defer { importer.close(); other.close() }
        _ = try other.request("initialize")

        let opened = try importer.request("screen.open", ["screen": "playlists"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try importer.request("screen.wait", ["handle": handle])
        let performed = try importer.request(
            "screen.perform", ["handle": handle, "action": "import", "args": ["path": folder, "name": "Mixed"]], timeout: 120)
        #expect(performed["error"] == nil, "\(performed)")
        let after = SnapshotJSON.fromResponse(try importer.request("screen.wait", ["handle": handle], timeout: 120))
        let message = SnapshotJSON.status(after)["message"] as? String ?? ""
        #expect(message.contains("Imported 5 songs"), "\(message)")
        #expect(message.contains("nested moov.m4a") && message.contains("nested chapters.mp3"), "\(message)")

        // Both clients are still answered, and see the imported playlist.
        for client in [other, importer] {
            let list = try client.request("screen.open", ["screen": "playlist", "params": ["name": "Mixed"]])
            #expect(list["error"] == nil, "\(list)")
            let songs = SnapshotJSON.fromResponse(
                try client.request("screen.wait", ["handle": (list["result"] as? [String: Any])?["handle"] as? String ?? ""]))
            #expect(SnapshotJSON.items(songs).count == 5, "\(songs)")
        }
    }
}
