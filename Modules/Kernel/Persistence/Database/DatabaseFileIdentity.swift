import Glibc
import KernelDomain

/// Which file the database path named when Facet opened it (device and
/// inode). SQLite keeps reading and writing the file it opened even after
/// another program deletes it or puts a new one at its path: a screen left
/// open would show, and save into, a file nobody will open again, while
/// every new Facet process uses the new one. Comparing before each read and
/// write turns that into a message instead.
struct DatabaseFileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path` now; nil when there is none.
    static func current(_ path: String) -> DatabaseFileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return DatabaseFileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Throws when `path` no longer names this file.
    func check(_ path: String) throws(StorageError) {
        let now = Self.current(path)
        guard now != self else { return }
        throw StorageError(.replaced, now == nil ? "\(path) was deleted" : "\(path) is now another file")
    }
}
