import Foundation
import Testing
import TestSupport

/// Deleting several marked rows at once (`delete a,b,c`) through the real
/// binary on real folders: one question naming the count and the total,
/// `--yes` to go ahead, and every single-delete check applied to each entry
/// before any is deleted (a missing name, the home folder, a mount point).
@Suite(.serialized) struct FolderMarkedDeleteTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-marked")

    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    init() {
        tree.file("a/x/one", bytes: [UInt8](repeating: 1, count: 3000))
        tree.file("a/two", bytes: [UInt8](repeating: 2, count: 1000))
        tree.file("b/three", bytes: [UInt8](repeating: 3, count: 2000))
        tree.file("top.txt", bytes: [UInt8](repeating: 4, count: 50))
        tree.file("keep/me", "kept")
    }

    func facet(_ args: [String], environment: [String: String] = [:]) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path, environment: environment)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + name) }

    @Test func asksOnceWithCountAndTotalThenDeletesAllWithYes() throws {
        let asked = try facet(["folders", root, "delete", "a,b,top.txt"])
        #expect(asked.status == 3, "\(asked.stderr)")
        // One question: the count, the total size (folders' own entries
        // included, as du counts them) and the 4 files, then the names.
        let question = try #require(asked.stderr.firstRange(of: "Delete 3 items ("), "\(asked.stderr)")
        let rest = asked.stderr[question.upperBound...]
        let size = String(rest.prefix { $0 != "," })
        #expect(rest.hasPrefix(size + ", 4 files): a, b, top.txt? This cannot be undone."), "\(asked.stderr)")
        #expect(asked.stderr.components(separatedBy: "Delete ").count == 2, "\(asked.stderr)")
        #expect(asked.stderr.contains("facet folders \(root) delete a,b,top.txt --yes"), "\(asked.stderr)")
        #expect(exists("a") && exists("b") && exists("top.txt"))

        let done = try facet(["folders", root, "delete", "a,b,top.txt", "--yes", "--json"])
        #expect(done.status == 0, "\(done.stderr)")
        let snapshot = try JSONSerialization.jsonObject(with: Data(done.stdout.utf8)) as? [String: Any]
        let status = snapshot?["status"] as? [String: Any]
        #expect(status?["message"] as? String == "Deleted 3 items (\(size), 4 files).", "\(String(describing: status))")
        #expect(!exists("a") && !exists("b") && !exists("top.txt"))
        #expect(exists("keep/me"))
    }

    @Test func oneBadNameDeletesNothing() throws {
        let missing = try facet(["folders", root, "delete", "a,nope,b", "--yes"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("No such folder: \(root)/nope"), "\(missing.stderr)")
        let empty = try facet(["folders", root, "delete", "a,,b", "--yes"])
        #expect(empty.status == 2, "\(empty.stderr)")
        #expect(exists("a") && exists("b"))
    }

    @Test func theHomeFolderAmongTheMarksNeedsItsSecondConfirmation() throws {
        let environment = ["HOME": root + "/keep"]
        let once = try facet(["folders", root, "delete", "a,keep", "--yes"], environment: environment)
        #expect(once.status != 0)
        #expect(once.stderr.contains("\(root)/keep is your home folder"), "\(once.stderr)")
        #expect(exists("a") && exists("keep/me"))
        let twice = try facet(
            ["folders", root, "delete", "a,keep", "--yes", "--confirm-path", root + "/keep"], environment: environment)
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(!exists("a") && !exists("keep"))
    }

    /// A tmpfs mounted in one marked folder, in a private mount namespace:
    /// the whole marked deletion is refused, the other marked folder included.
    @Test func aMountPointAmongTheMarksDeletesNothing() throws {
        tree.directory("b/inner")
        let script = """
            mount -t tmpfs facet-test "$1/b/inner" || exit 90
            FACET_HOME="$2" "$3" folders "$1" delete a,b --yes; echo "status=$?"
            """
        let (status, text) = try inPrivateMountNamespace(script, [root, home.path, FacetProcess.binary])
        #expect(status == 0, "\(text)")
        #expect(text.contains("\(root)/b contains a mount point"), "\(text)")
        #expect(!text.contains("status=0"), "\(text)")
        #expect(exists("a/two") && exists("b/three"))
    }

    @Test func jsonLinesAsksThenConfirmDeleteDeletesTheMarks() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": root]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let asked = try session.request("screen.perform", ["handle": handle, "action": "delete", "args": ["item": "a,b"]])
        let status = ((asked["result"] as? [String: Any])?["snapshot"] as? [String: Any])?["status"] as? [String: Any]
        let message = status?["message"] as? String ?? ""
        #expect(message.hasPrefix("Delete 2 items (") && message.contains("3 files): a, b?"), "\(asked)")
        #expect(exists("a") && exists("b"))
        let done = try session.request("screen.perform", ["handle": handle, "action": "confirm-delete"])
        #expect(done["error"] == nil, "\(done)")
        #expect(!exists("a") && !exists("b") && exists("top.txt"))
        #expect(try session.finish() == 0)
    }
}
