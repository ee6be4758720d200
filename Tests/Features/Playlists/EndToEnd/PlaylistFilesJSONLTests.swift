import Foundation
import Testing
import TestSupport

/// Export, `add` and recursive folder imports as a JSON-lines client drives
/// them: real files in, real files out, the snapshot and `screen.changed`
/// following each change.
@Suite struct PlaylistFilesJSONLTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    /// Opens `screen` and returns its handle once its first load is done.
    func open(_ session: JSONLSession, _ screen: String, _ params: [String: Any] = [:]) throws -> String {
        let opened = try session.request("screen.open", ["screen": screen, "params": params])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        return handle
    }

    /// Performs `action` and returns its response and the snapshot once the work is done.
    func perform(
        _ session: JSONLSession, _ handle: String, _ action: String, _ args: [String: Any]
    ) throws -> (response: [String: Any], snapshot: [String: Any]) {
        let response = try session.request("screen.perform", ["handle": handle, "action": action, "args": args])
        let snapshot = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle]))
        return (response, snapshot)
    }

    /// Title and artist of every row, in the list's order.
    func songs(_ snapshot: [String: Any]) -> [String] {
        SnapshotJSON.items(snapshot).map { item in
            let values = item["values"] as? [String: Any] ?? [:]
            return "\(values["title"] as? String ?? "?") / \(values["artist"] as? String ?? "")"
        }
    }

    /// Every value of every row but its position, in the list's order.
    func records(_ snapshot: [String: Any]) -> [String] {
        SnapshotJSON.items(snapshot).map { item in
            let values = (item["values"] as? [String: Any] ?? [:]).filter { $0.key != "position" }
            return values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|")
        }
    }

    func total(_ snapshot: [String: Any]) -> Int? {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["total"] as? Int
    }

    func message(_ snapshot: [String: Any]) -> String { SnapshotJSON.status(snapshot)["message"] as? String ?? "" }

    @Test func exportToM3U8AndJSONThenImportGivesTheSameSongsInOrder() throws {
        let session = try JSONLSession(home: home.path)
        let sample = try open(session, "playlist", ["name": "Sample"])
        let original = records(SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": sample])))
        #expect(original.count == 7 && original[0].contains("artist=Queen"), "\(original)")
        let list = try open(session, "playlists")
        for file in ["Sämple, copy #1.m3u8", "Sämple copy.json"] {
            let path = files.path + "/" + file
            let exported = try perform(session, sample, "export", ["file": path])
            #expect(exported.response["error"] == nil, "\(exported.response)")
            #expect(message(exported.snapshot).hasPrefix("Exported 7 songs of \"Sample\" to "), "\(exported.snapshot)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if file.hasSuffix(".m3u8") {
                #expect(text.hasPrefix("#EXTM3U\n"))
                #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("#EXTINF:") }.count == 7, "\(text)")
            } else {
                #expect(text.contains("\"result\""))
            }

            let imported = try perform(session, list, "import", ["path": path, "name": file])
            #expect(imported.response["error"] == nil, "\(imported.response)")
            #expect(message(imported.snapshot) == "Imported 7 songs into \"\(file)\".", "\(imported.snapshot)")
            let copy = try open(session, "playlist", ["name": file])
            let again = records(SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": copy])))
            #expect(again == original, "\(file)")
        }
        #expect(try session.finish() == 0)
    }

    @Test func addAFileAndAFolderAppendsAndTheScreenFollows() throws {
        let session = try JSONLSession(home: home.path)
        let sample = try open(session, "playlist", ["name": "Sample"])
        let before = songs(SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": sample])))
        let list = files.file("more.m3u", "#EXTM3U\n#EXTINF:10,Eagles - Take It Easy\nte.mp3\n#EXTINF:20,Björk - Jóga\njoga.mp3\n")

        let byFile = try perform(session, sample, "add", ["path": list])
        #expect(byFile.response["error"] == nil, "\(byFile.response)")
        // The change is in the reply, whole; it is not sent again as a notification.
        #expect(total(byFile.snapshot) == 9 && message(byFile.snapshot) == "Added 2 songs to \"Sample\".", "\(byFile.snapshot)")
        #expect(songs(byFile.snapshot) == before + ["Take It Easy / Eagles", "Jóga / Björk"])

        files.file("album/b.mp3", "")
        files.file("album/a/deep/Nirvana - Lithium.ogg", "")
        files.file("album/notes.txt", "not a song")
        let byFolder = try perform(session, sample, "add", ["path": files.path + "/album"])
        #expect(byFolder.response["error"] == nil, "\(byFolder.response)")
        #expect(message(byFolder.snapshot) == "Added 2 songs to \"Sample\".", "\(byFolder.snapshot)")
        #expect(total(byFolder.snapshot) == 11)
        // Subfolders in name order: a/deep/… before b.mp3, both after what was there.
        #expect(songs(byFolder.snapshot).suffix(2) == ["Lithium / Nirvana", "b / "], "\(songs(byFolder.snapshot))")

        let missing = try perform(session, sample, "add", ["path": files.path + "/nowhere"])
        #expect(missing.response["error"] != nil, "\(missing.response)")
        #expect(total(missing.snapshot) == 11)
        #expect(try session.finish() == 0)
    }

    /// As an ordinary user (root reads any folder): a folder it may not read
    /// and a link back up are reported in the result, and the rest imported.
    @Test func recursiveImportReportsALoopAndAnUnreadableFolder() throws {
        Unprivileged.share(home.path, owned: true)
        let tree = try AwkwardMusicTree(in: files, deep: "deep.ogg")
        defer { tree.restore() }
        let music = tree.path
        let shown = tree.shown

        let session = try JSONLSession(home: home.path, launcher: Unprivileged.prefix)
        let list = try open(session, "playlists")
        let imported = try perform(session, list, "import", ["path": music, "name": "Music"])
        #expect(imported.response["error"] == nil, "\(imported.response)")
        let status = SnapshotJSON.status(imported.snapshot)
        #expect(status["kind"] as? String == "warning", "\(status)")
        #expect(status["message"] as? String == "Imported 2 songs into \"Music\"; 1 folder could not be read (\(shown)/locked); "
            + "1 link back to a folder already read was not followed (\(shown)/sub/loop).", "\(status)")
        let playlist = try open(session, "playlist", ["name": "Music"])
        let songs = songs(SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": playlist])))
        #expect(songs == ["a / ", "deep / "], "\(songs)")

        let added = try perform(session, playlist, "add", ["path": music])
        #expect(added.response["error"] == nil, "\(added.response)")
        #expect(SnapshotJSON.status(added.snapshot)["kind"] as? String == "warning")
        #expect(message(added.snapshot).hasPrefix("Added 2 songs to \"Music\"; 1 folder could not be read (\(shown)/locked); "))
        #expect(total(added.snapshot) == 4)
        #expect(try session.finish() == 0)
    }

    @Test func moveDownRefusedAtTheBottomAndUndone() throws {
        let session = try JSONLSession(home: home.path)
        let sample = try open(session, "playlist", ["name": "Sample"])
        let original = songs(SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": sample])))
        let down = try perform(session, sample, "move-down", ["item": "1,2"])
        #expect(down.response["error"] == nil, "\(down.response)")
        #expect(songs(down.snapshot) == [original[2], original[0], original[1]] + original[3...])
        let refused = try perform(session, sample, "move-down", ["item": "7"])
        let error = refused.response["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("already at the bottom") == true, "\(refused.response)")
        #expect(songs(refused.snapshot) == songs(down.snapshot))
        let undone = try perform(session, sample, "undo", [:])
        #expect(message(undone.snapshot).hasPrefix("Undone: moved 2 songs of \"Sample\" back"), "\(undone.snapshot)")
        #expect(songs(undone.snapshot) == original)
        #expect(try session.finish() == 0)
    }
}
