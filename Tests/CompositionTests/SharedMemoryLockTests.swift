import Foundation
import KernelDomain
@testable import KernelPersistence
import TestSupport
import Testing

/// SQLite's locks on the `-shm` file are POSIX record locks, and closing any
/// descriptor of a file drops all of the process's locks on it. If anything
/// in Facet opened and closed that file (it once read the wal-index header
/// from it), the process would lose its "still using the shared memory"
/// lock: another process opening the database then took it as the only
/// user, truncated the `-shm` file and rebuilt it, and the first one died
/// of SIGBUS in the middle of a commit (two sign-ins racing on a fresh home
/// did). Facet now leaves the file to SQLite; this checks that writing and
/// tending the WAL still keep the lock.
///
/// The locks are read from `/proc/locks`, which lists every process's.
@Suite struct SharedMemoryLockTests {
    let folder = TemporaryDirectory("facet-shm-locks")
    var path: String { folder.path + "/facet.sqlite" }

    @Test func writesThatTendTheWALKeepTheSharedMemoryLock() async throws {
        let database = try FacetDatabase(path: path, migrations: allMigrations)
        #expect(try holdsSharedMemoryLock())
        try await database.write { db in try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('probe', 'written')") }
        #expect(try holdsSharedMemoryLock())
        // A write past the WAL limit, folded in at once.
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE bulk (x BLOB)")
            for _ in 0..<(2 * FacetDatabase.walLimit / FacetDatabase.pageSize) {
                try db.execute(sql: "INSERT INTO bulk VALUES (zeroblob(?))", arguments: [FacetDatabase.pageSize])
            }
        }
        #expect(FacetDatabase.walSize(path) == 0)
        #expect(try holdsSharedMemoryLock())
        withExtendedLifetime(database) {}
    }

    /// True when this process holds SQLite's "dead man switch" lock on the
    /// `-shm` file: a read lock on byte 128 (`UNIX_SHM_DMS` in SQLite's
    /// os_unix.c) that every process using the shared memory keeps, so that
    /// the first to open it knows it may reset the file.
    func holdsSharedMemoryLock() throws -> Bool {
        var info = stat()
        guard stat(path + "-shm", &info) == 0 else { return false }
        let inode = String(info.st_ino)
        let pid = String(getpid())
        let table = try lockTable()
        let mine: [[String]] = table.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { fields in
            // "1: POSIX  ADVISORY  READ 4242 00:2f:1835013 128 128"
            guard fields.count == 8, fields[1] == "POSIX", fields[4] == pid else { return false }
            return fields[5].split(separator: ":").last.map(String.init) == inode
        }
        // Adjacent locks of one type may be listed as one range.
        return mine.contains { fields in
            guard fields[3] == "READ", let start = Int(fields[6]), let end = Int(fields[7]) else { return false }
            return start <= 128 && 128 <= end
        }
    }

    /// `/proc/locks` read with read(2) to its end: its size reads as 0, and
    /// `String(contentsOfFile:)` returned only part of it while the other
    /// suites held many locks.
    func lockTable() throws -> String {
        let fd = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
