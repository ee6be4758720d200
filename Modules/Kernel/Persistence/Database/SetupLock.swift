import Foundation
import KernelDomain

/// Serialises opening and migrating the database across processes.
///
/// Two Facet processes starting at once on a fresh installation would both
/// switch the file to WAL and both run the first migration (SQLite then
/// says "table already exists" or "database is locked" at once, without
/// waiting). An advisory `flock` on a sidecar file makes the second wait
/// until the first has finished, then find everything migrated.
enum SetupLock {
    static func around<T>(_ databasePath: String, _ body: () throws -> T) throws -> T {
        let lockPath = databasePath + ".lock"
        let fd = open(lockPath, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 {
            let code = errno
            let detail = "\(lockPath): \(String(cString: strerror(code)))"
            // A data directory Facet may not write to: the caller can still read.
            if code == EACCES || code == EPERM || code == EROFS { throw StorageError(.readOnly, detail) }
            throw StorageError(.cannotOpen, detail)
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw StorageError(.cannotOpen, "\(lockPath): \(String(cString: strerror(errno)))") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
