import Foundation
import Testing
import TestSupport

/// A hard-linked file written through one of its names while the row
/// credited with it is another: the open screen's total, and the row that
/// carries the file, must follow `du -sb` although no event names that row.
@Suite(.serialized) struct FolderHardLinkLiveTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-hardlink")
    static let runs = 5

    /// `sub1/big` and `sub2/big` are one inode, counted in one row. Seven
    /// bytes are appended through each name in turn: one of the two appends
    /// goes through the name whose row does not carry the file.
    @Test func appendingThroughEitherNameFollowsDu() throws {
        let session = try JSONLSession(home: home.path)
        for run in 0..<Self.runs {
            let root = tree.path + "/run\(run)"
            tree.file("run\(run)/sub1/big", bytes: [UInt8](repeating: 7, count: 64 * 1024))
            tree.directory("run\(run)/sub2")
            #expect(link(root + "/sub1/big", root + "/sub2/big") == 0)
            let handle = try FolderScreen.open(session, root)
            let waited = try session.request("screen.wait", ["handle": handle])
            let scanned = try Du.bytes(root)
            try #require(FolderScreen.total(waited) == scanned, "run \(run): the scan's total")
            for name in ["sub1", "sub2"] {
                try append(7, to: root + "/\(name)/big")
                let expected = try Du.bytes(root)
                // du credits the first argument; the scan may credit either row.
                let sub1First = try Du.rows([root + "/sub1", root + "/sub2"])
                let sub2First = Array(try Du.rows([root + "/sub2", root + "/sub1"]).reversed())
                let seen = try FolderScreen.waitFor(session, handle) { message in
                    let shown = [FolderScreen.rowBytes(message, "sub1"), FolderScreen.rowBytes(message, "sub2")]
                    return FolderScreen.total(message) == expected && (shown == sub1First || shown == sub2First)
                }
                #expect(seen, "run \(run), appended through \(name): the total or rows differ from du -sb (\(expected))")
            }
            _ = try session.request("screen.close", ["handle": handle])
        }
        #expect(try session.finish() == 0)
    }

    func append(_ count: Int, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x41, count: count))
        try handle.close()
    }
}

/// A folders screen over JSON lines, read the way a client reads it.
enum FolderScreen {
    static func open(_ session: JSONLSession, _ path: String) throws -> String {
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": path]])
        return (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
    }

    static func snapshot(_ message: [String: Any]) -> [String: Any]? {
        (message["result"] as? [String: Any] ?? message["params"] as? [String: Any])?["snapshot"] as? [String: Any]
    }

    static func total(_ message: [String: Any]) -> Int64? {
        let rows = ((snapshot(message)?["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        guard let row = rows.first(where: { $0["id"] as? String == "bytes" }) else { return nil }
        return (row["data"] as? NSNumber)?.int64Value
    }

    static func rowBytes(_ message: [String: Any], _ name: String) -> Int64? {
        let items = ((snapshot(message)?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        guard let item = items.first(where: { $0["id"] as? String == name }) else { return nil }
        return ((item["values"] as? [String: Any])?["bytes"] as? NSNumber)?.int64Value
    }

    static func status(_ message: [String: Any]) -> (kind: String, message: String)? {
        guard let status = snapshot(message)?["status"] as? [String: Any] else { return nil }
        return (status["kind"] as? String ?? "", status["message"] as? String ?? "")
    }

    /// Waits up to `timeout` seconds for a `screen.changed` of `handle` that
    /// `accept` takes; false when none came.
    static func waitFor(
        _ session: JSONLSession, _ handle: String, timeout: TimeInterval = 5, _ accept: @escaping ([String: Any]) -> Bool
    ) throws -> Bool {
        do {
            _ = try session.notification(timeout: timeout) { message in
                guard message["method"] as? String == "screen.changed",
                      (message["params"] as? [String: Any])?["handle"] as? String == handle else { return false }
                return accept(message)
            }
            return true
        } catch {
            return false
        }
    }
}

/// What `du -sb` says (apparent bytes, hard links once), with a deadline.
enum Du {
    static func bytes(_ path: String) throws -> Int64 {
        try rows([path]).first.flatMap { $0 } ?? -1
    }

    /// One figure per path; a file linked from several is counted in the first.
    static func rows(_ paths: [String]) throws -> [Int64?] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/du")
        process.arguments = ["-sb"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            Int64($0.split(whereSeparator: { $0 == "\t" || $0 == " " }).first ?? "")
        }
    }
}
