import Foundation
import Testing
import TestSupport

/// Deleting through the real binary, on real folders: asked first with what
/// and how much, refused on `/`, across mount points, on the home folder
/// without its second confirmation, and never deleting a file that was
/// replaced between the question and the answer.
@Suite(.serialized) struct FolderDeleteTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-delete")

    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    func facet(_ args: [String], environment: [String: String] = [:]) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path, environment: environment)
    }

    @Test func asksWithWhatAndHowMuchThenDeletesWithYes() throws {
        tree.file("big/data", bytes: [UInt8](repeating: 1, count: 30_000))
        tree.file("big/sub/more", bytes: [UInt8](repeating: 2, count: 5_000))
        tree.file("keep/x", "x")
        let bytes = try DiskUsage.apparentBytes(root + "/big")
        // Not a terminal: the question is printed, nothing is deleted, and
        // the command ends with its own status and the command with --yes.
        let asked = try facet(["folders", root, "delete", "big"])
        #expect(asked.status == 3, "\(asked.stderr)")
        #expect(asked.stdout.isEmpty)
        #expect(asked.stderr.contains("facet folders \(root) delete big --yes"), "\(asked.stderr)")
        // ncdu's question: the row by its name, its size in human units, its files.
        let kib = "\(bytes / 1024).\((bytes % 1024) * 10 / 1024)"  // tenths cut, as FolderFormat does
        #expect(asked.stderr.contains("Delete big (\(kib) KiB, 2 files)?"), "\(asked.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/big/sub/more"))

        let done = try facet(["folders", root, "delete", "big", "--yes", "--json"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/big"))
        #expect(FileManager.default.fileExists(atPath: root + "/keep/x"))
        let snapshot = try JSONSerialization.jsonObject(with: Data(done.stdout.utf8)) as? [String: Any] ?? [:]
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        // The sizes above it are updated at once.
        #expect(rows.first { $0["id"] as? String == "bytes" }?["data"] as? Int == Int(try DiskUsage.apparentBytes(root)))
    }

    @Test func refusesTheRootAndTheHomeFolderWithoutASecondConfirmation() throws {
        let slash = try facet(["folders", "/", "delete", "--yes"])
        #expect(slash.status != 0)
        #expect(slash.stderr.contains("/ is the root of the system and is never deleted; nothing was deleted."), "\(slash.stderr) / \(slash.stdout)")

        tree.file("me/notes", "precious")
        let environment = ["HOME": root + "/me"]
        let once = try facet(["folders", root, "delete", "me", "--yes"], environment: environment)
        #expect(once.status != 0)
        #expect(once.stderr.contains("\(root)/me is your home folder; to delete it, confirm a second time with --confirm-path \(root)/me"), "\(once.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/me/notes"))
        let wrong = try facet(["folders", root, "delete", "me", "--yes", "--confirm-path", root + "/you"], environment: environment)
        #expect(wrong.status != 0)
        #expect(FileManager.default.fileExists(atPath: root + "/me/notes"))
        let twice = try facet(["folders", root, "delete", "me", "--yes", "--confirm-path", root + "/me"], environment: environment)
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/me"))
    }

    /// A tmpfs mounted inside the tree, in a private mount namespace (gone
    /// with the process): neither the mount nor a folder holding it is deleted.
    @Test func refusesToCrossAMountPoint() throws {
        tree.file("outer/own", "mine")
        tree.directory("outer/inner")
        let binary = FacetProcess.binary
        let script = """
            mount -t tmpfs facet-test "$1/outer/inner" || exit 90
            echo kept > "$1/outer/inner/on-tmpfs"
            FACET_HOME="$2" "$3" folders "$1" delete outer --yes; echo "status=$?"
            FACET_HOME="$2" "$3" folders "$1/outer" delete inner --yes; echo "status=$?"
            test -f "$1/outer/inner/on-tmpfs" && echo "tmpfs-file-kept"
            """
        let (status, text) = try inPrivateMountNamespace(script, [root, home.path, binary])
        #expect(status == 0, "\(text)")
        #expect(text.contains("\(root)/outer contains a mount point (\(root)/outer/inner); Facet does not delete across file systems; nothing was deleted."), "\(text)")
        #expect(text.contains("\(root)/outer/inner is a mount point; Facet does not delete across file systems; nothing was deleted."), "\(text)")
        #expect(!text.contains("status=0"), "\(text)")
        #expect(text.contains("tmpfs-file-kept"))
        #expect(FileManager.default.fileExists(atPath: root + "/outer/own"))
    }

    /// Asked about `victim`; another program replaces it before the answer:
    /// the new file stays. Asked again, the deletion goes ahead and the
    /// open screen's total follows at once.
    @Test func aFileReplacedAfterTheQuestionIsNotDeleted() throws {
        tree.file("victim", "old contents")
        tree.file("other", "o")
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": root, "files": true]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let asked = try session.request("screen.perform", ["handle": handle, "action": "delete", "args": ["item": "victim"]])
        #expect(asked["error"] == nil)
        let status = ((asked["result"] as? [String: Any])?["snapshot"] as? [String: Any])?["status"] as? [String: Any]
        #expect((status?["message"] as? String)?.hasPrefix("Delete \(root)/victim (file): 12 bytes? This cannot be undone.") == true, "\(String(describing: status))")

        #expect(unlink(root + "/victim") == 0)
        tree.file("victim", "NEW contents, not the file you were asked about")
        let refused = try session.request("screen.perform", ["handle": handle, "action": "confirm-delete"])
        let error = refused["error"] as? [String: Any]
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "folder.changed", "\(refused)")
        #expect((error?["message"] as? String)?.contains("was replaced or changed since you were asked; nothing was deleted") == true)
        #expect((try? String(contentsOfFile: root + "/victim", encoding: .utf8)) == "NEW contents, not the file you were asked about")

        // Asked again once the screen shows the new file (the watcher re-measures it).
        var askedAgain: [String: Any] = [:]
        for _ in 0..<50 {
            askedAgain = try session.request("screen.perform", ["handle": handle, "action": "delete", "args": ["item": "victim"]])
            if askedAgain["error"] == nil { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(askedAgain["error"] == nil, "\(askedAgain)")
        let deleted = try session.request("screen.perform", ["handle": handle, "action": "confirm-delete"])
        #expect(deleted["error"] == nil, "\(deleted)")
        #expect(!FileManager.default.fileExists(atPath: root + "/victim"))
        let snapshot = (deleted["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? String == "bytes" }?["data"] as? Int == Int(try DiskUsage.apparentBytes(root)))
        #expect(try session.finish() == 0)
    }
}
