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
            let handle = try FolderScreenClient.open(session, root)
            let waited = try session.request("screen.wait", ["handle": handle])
            let scanned = try DuFigure.bytes(root)
            try #require(FolderScreenClient.total(waited) == scanned, "run \(run): the scan's total")
            for name in ["sub1", "sub2"] {
                try append(7, to: root + "/\(name)/big")
                let expected = try DuFigure.bytes(root)
                // du credits the first argument; the scan may credit either row.
                let sub1First = try DuFigure.rows([root + "/sub1", root + "/sub2"])
                let sub2First = Array(try DuFigure.rows([root + "/sub2", root + "/sub1"]).reversed())
                let seen = try FolderScreenClient.waitFor(session, handle) { message in
                    let shown = [FolderScreenClient.rowBytes(message, "sub1"), FolderScreenClient.rowBytes(message, "sub2")]
                    return FolderScreenClient.total(message) == expected && (shown == sub1First || shown == sub2First)
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
