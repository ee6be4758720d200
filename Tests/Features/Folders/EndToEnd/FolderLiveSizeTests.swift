import Foundation
import Testing
import TestSupport

/// Live-size defects, through the real binary over JSON lines:
/// the total an open folder shows after another process changes it must be
/// what `du -sb` says, every time. Each case runs 50 times (a fresh folder,
/// scan and watch each time), since both defects were races that showed in
/// some runs only.
@Suite(.serialized) struct FolderLiveSizeTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-live")
    static let runs = 50

    /// `a/big` hard-linked as `b/link`: whichever of them the scan credited
    /// with the bytes, growing either folder must not count the link again.
    @Test func growingEitherSideOfAHardLinkKeepsTheTotalExact() throws {
        let session = try JSONLSession(home: home.path)
        for run in 0..<Self.runs {
            let root = tree.path + "/links\(run)"
            tree.file("links\(run)/a/big", bytes: [UInt8](repeating: 7, count: 256 * 1024))
            tree.directory("links\(run)/b")
            #expect(link(root + "/a/big", root + "/b/link") == 0)
            let handle = try open(session, root)
            let waited = try session.request("screen.wait", ["handle": handle])
            let scanned = try du(root)
            try #require(total(waited) == scanned, "run \(run): the scan's total")
            tree.file("links\(run)/a/more", bytes: [UInt8](repeating: 1, count: 2_000))
            try expectTotal(session, handle, equals: du(root), run: run, step: "after growing a")
            tree.file("links\(run)/b/more", bytes: [UInt8](repeating: 2, count: 2_000))
            try expectTotal(session, handle, equals: du(root), run: run, step: "after growing b")
            // Deleting the credited side hands the bytes to the other one.
            #expect(unlink(root + "/a/big") == 0)
            try expectTotal(session, handle, equals: du(root), run: run, step: "after deleting a/big")
            _ = try session.request("screen.close", ["handle": handle])
        }
        #expect(try session.finish() == 0)
    }

    /// Writes made while the scan runs (right after `screen.open` returns
    /// with the listing), the moment `screen.wait` returns, and three levels
    /// below a child are all reflected: the total ends at `du -sb`'s.
    @Test func changesDuringAndRightAfterTheScanAndDeepBelowAreNotLost() throws {
        let session = try JSONLSession(home: home.path)
        for run in 0..<Self.runs {
            let root = tree.path + "/fresh\(run)"
            // Enough to walk that the scan is still running when `open` returns.
            for folder in 0..<20 {
                for file in 0..<100 { tree.file("fresh\(run)/slow/d\(folder)/f\(file)", "") }
            }
            tree.file("fresh\(run)/a/x/y/z/old", "old")
            tree.file("fresh\(run)/b/old", "old")
            let handle = try open(session, root)
            tree.file("fresh\(run)/b/during", bytes: [UInt8](repeating: 2, count: 2_000))
            tree.file("fresh\(run)/a/during", bytes: [UInt8](repeating: 2, count: 1_000))
            _ = try session.request("screen.wait", ["handle": handle])
            tree.file("fresh\(run)/b/new", bytes: [UInt8](repeating: 3, count: 3_000))
            tree.file("fresh\(run)/a/x/y/z/deep", bytes: [UInt8](repeating: 4, count: 5_000))
            try expectTotal(session, handle, equals: du(root), run: run, step: "after writing during and after the scan")
            _ = try session.request("screen.close", ["handle": handle])
        }
        #expect(try session.finish() == 0)
    }

    // MARK: Helpers

    func open(_ session: JSONLSession, _ path: String) throws -> String {
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": path]])
        return (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
    }

    /// Waits up to 5 s for the screen's total to read `expected`.
    func expectTotal(_ session: JSONLSession, _ handle: String, equals expected: Int64, run: Int, step: String) throws {
        var last: Int64?
        do {
            _ = try session.notification(timeout: 5) { message in
                guard message["method"] as? String == "screen.changed",
                      (message["params"] as? [String: Any])?["handle"] as? String == handle else { return false }
                last = total(message)
                return last == expected
            }
        } catch {
            Issue.record("run \(run) \(step): the total read \(last.map(String.init) ?? "nothing new"), du -sb says \(expected)")
        }
    }

    func total(_ message: [String: Any]) -> Int64? {
        let snapshot = (message["result"] as? [String: Any] ?? message["params"] as? [String: Any])?["snapshot"] as? [String: Any]
        let rows = ((snapshot?["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        guard let row = rows.first(where: { $0["id"] as? String == "bytes" }) else { return nil }
        return (row["data"] as? NSNumber)?.int64Value
    }

    /// What `du -sb` says of `path` (apparent bytes, hard links once).
    func du(_ path: String) throws -> Int64 {
        try DiskUsage.apparentBytes(path)
    }
}
