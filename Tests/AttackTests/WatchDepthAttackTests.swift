import Foundation
import Testing
import TestSupport

/// Live updates below the path-length limit: a folder thousands of levels
/// down has a path longer than the kernel takes, and a change there must
/// still reach the open screen; a folder that cannot be watched is named in
/// the status, never left out silently.
@Suite(.serialized) struct WatchDepthAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    static var levels: Int { Attack.long ? 10_000 : 3_000 }
    static let changedLevel = 2_100

    @Test func aChangeDeepInAChainBeyondThePathLimitIsSeen() throws {
        let root = try Self.temporaryRoot()
        defer { Self.remove(root) }
        try Self.chain(root, levels: Self.levels)
        // A folder whose entries changed just before the screen opened is
        // re-measured once watched (it may have changed while being
        // scanned); the chain must be older than that, or the re-measure,
        // not a watch, would find the change below.
        let made = Date()
        while Date().timeIntervalSince(made) < 0.3 { usleep(20_000) }
        let session = try JSONLSession(home: home.path)
        let handle = try FolderScreenClient.open(session, root)
        let waited = try session.request("screen.wait", ["handle": handle])
        let scanned = try DuFigure.bytes(root)
        try #require(FolderScreenClient.total(waited) == scanned, "the scan's total")
        // Twice: the first change may land before the deep watch does (it
        // is then caught when the watch is placed), the second through it.
        for (step, size) in [(1, 1_234), (2, 4_321)] {
            try Self.write(size, named: "new\(step)", at: root, depth: Self.changedLevel)
            let expected = try DuFigure.bytes(root)
            let seen = try FolderScreenClient.waitFor(session, handle, timeout: 30) { FolderScreenClient.total($0) == expected }
            #expect(seen, "change \(step) at depth \(Self.changedLevel) of \(Self.levels): du -sb says \(expected)")
        }
        _ = try session.request("screen.close", ["handle": handle])
        #expect(try session.finish() == 0)
    }

    /// The screen watches at most three folders here (`FACET_WATCH_LIMIT`):
    /// the other seventeen are counted in a warning.
    @Test func foldersThatCannotBeWatchedAreCountedInTheStatus() throws {
        let root = try Self.temporaryRoot()
        defer { Self.remove(root) }
        for index in 0..<10 {
            #expect(mkdir(root + "/child\(index)", 0o755) == 0)
            #expect(mkdir(root + "/child\(index)/inner", 0o755) == 0)
        }
        let session = try JSONLSession(home: home.path, environment: ["FACET_WATCH_LIMIT": "3"])
        let handle = try FolderScreenClient.open(session, root)
        let waited = try session.request("screen.wait", ["handle": handle])
        var status = FolderScreenClient.status(waited)
        if status?.message.contains("17 folders are not watched") != true {
            _ = try FolderScreenClient.waitFor(session, handle) { message in
                status = FolderScreenClient.status(message)
                return status?.message.contains("17 folders are not watched") == true
            }
        }
        #expect(status?.kind == "warning", "\(String(describing: status))")
        #expect(status?.message.contains("17 folders are not watched") == true, "\(String(describing: status))")
        _ = try session.request("screen.close", ["handle": handle])
        #expect(try session.finish() == 0)
    }

    // MARK: Helpers

    static func temporaryRoot() throws -> String {
        // On tmpfs where there is one: a deep chain is quicker to delete there.
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
        let path = base + "/facet-watch-depth-\(UUID().uuidString)"
        guard mkdir(path, 0o755) == 0 else { throw POSIXError(.EIO) }
        return path
    }

    /// `levels` nested folders named `d` below `root`, made by descriptor.
    static func chain(_ root: String, levels: Int) throws {
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<levels {
            guard mkdirat(fd, "d", 0o755) == 0 else { close(fd); throw POSIXError(.EIO) }
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            guard next >= 0 else { throw POSIXError(.EIO) }
            fd = next
        }
        close(fd)
    }

    /// Writes `size` bytes to a new file `depth` levels down the chain.
    static func write(_ size: Int, named name: String, at root: String, depth: Int) throws {
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth {
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            guard next >= 0 else { throw POSIXError(.ENOENT) }
            fd = next
        }
        let file = openat(fd, name, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        close(fd)
        guard file >= 0 else { throw POSIXError(.EIO) }
        let bytes = [UInt8](repeating: 0x61, count: size)
        let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, size) }
        close(file)
        guard written == size else { throw POSIXError(.EIO) }
    }

    /// `rm -rf` (it walks by descriptor; a deep chain defeats path-based removal), with a deadline.
    static func remove(_ path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/rm")
        process.arguments = ["-rf", path]
        guard (try? process.run()) != nil else { return }
        let deadline = ChildDeadline(process, seconds: 120)
        process.waitUntilExit()
        deadline.finish()
    }
}
