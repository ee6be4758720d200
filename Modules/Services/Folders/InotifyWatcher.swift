import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderWatcher`: inotify on the folder, on each of its child
/// directories and on the directories below them, read on a thread of its
/// own, so changes made by any program reach open screens within a fraction
/// of a second. A change anywhere below a child is reported as `.changed`
/// of that child (the model re-measures it).
///
/// The folder's and its children's watches are in place when `watch`
/// returns, before the model starts its scan: nothing changed in them after
/// the scan started is missed. Deeper directories are watched from the
/// reading thread while the scan runs (watching a whole tree first would
/// double a scan's time); to make up for the moments before a deep watch
/// lands, a directory whose entries changed after the session began (its
/// `st_ctime`) is reported when its watch is added. Watches are one kernel
/// slot each (`fs.inotify.max_user_watches`); when they run out, deeper
/// changes are seen only at the child level they were already watched to.
///
/// Renames inside the folder arrive as `IN_MOVED_FROM` + `IN_MOVED_TO` with
/// one cookie and are paired into `.renamed`; a move in or out alone becomes
/// `.added` / `.removed`.
public struct InotifyWatcher: FolderWatcher {
    public init() {}

    public func watch(_ path: String) -> AsyncStream<FolderChange> {
        AsyncStream { continuation in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else {
                continuation.finish()
                return
            }
            let session = WatchSession(fd: fd, root: path, continuation: continuation)
            continuation.onTermination = { _ in session.stop() }
            // The folder's own watch is in place when `watch` returns, so no
            // rename, creation or deletion in it made after that is missed.
            // Child directories are watched from the reading thread: adding
            // a watch makes the kernel mark every entry of that directory,
            // which a one-shot CLI run should not wait for.
            session.setUp()
            Thread.detachNewThread { session.run() }
        }
    }
}

/// One watched folder: the inotify descriptor and the watch-to-child table.
final class WatchSession: @unchecked Sendable {
    private let fd: Int32
    private let root: String
    private let continuation: AsyncStream<FolderChange>.Continuation
    private let lock = NSLock()
    private var stopped = false
    private var rootWatch: Int32 = -1
    /// Watch descriptor → the child directory (name) it lies in.
    private var childWatches: [Int32: String] = [:]
    /// Watch descriptor → full path, for directories below the children
    /// and the children themselves (to watch what is created in them).
    private var watchPaths: [Int32: String] = [:]
    /// Directories still to watch (path, child name), breadth first.
    private var pendingDirectories: [(path: String, child: String)] = []
    /// Seconds since 1970 when the session began, less a margin for the
    /// kernel's coarse timestamps.
    private var startedAt: Double = 0
    /// Most directories watched in one session.
    static let watchLimit = 100_000
    /// The watched folder's file system: deeper folders on others (`/proc`,
    /// `/sys` under `/`) are not watched, as the scan does not enter them.
    private var rootDevice: UInt64 = 0
    private var watchesFull = false

    static let rootMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    static let childMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR)

    init(fd: Int32, root: String, continuation: AsyncStream<FolderChange>.Continuation) {
        self.fd = fd
        self.root = root
        self.continuation = continuation
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// The folder's watch and its children's, before the caller scans.
    func setUp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        startedAt = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - 0.05
        // By the path's own bytes (a name that is not UTF-8 included).
        guard let bytes = FileSystemName.cString(of: root) else { return }
        rootWatch = inotify_add_watch(fd, bytes, Self.rootMask)
        guard rootWatch >= 0 else { return }
        var info = stat()
        if stat(bytes, &info) == 0 { rootDevice = UInt64(info.st_dev) }
        for name in Self.subdirectories(of: root) { addChildWatch(name) }
    }

    /// Names of the directories directly in `path` (by `d_type`; a file
    /// system that does not fill it in is checked with `lstat`).
    static func subdirectories(of path: String) -> [String] {
        guard let bytes = FileSystemName.cString(of: path), let dir = opendir(bytes) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
        while let raw = readdir(dir) {
            // By field addresses: a dirent is only as long as its name, so
            // copying the whole struct (`raw.pointee`) can read past the end
            // of the buffer readdir filled (it crashed on `/`).
            let base = UnsafeRawPointer(raw)
            let type = base.load(fromByteOffset: typeOffset, as: UInt8.self)
            let name = FileSystemName.decode(cString: base.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            if type == UInt8(DT_DIR) {
                names.append(name)
            } else if type == UInt8(DT_UNKNOWN), let child = FileSystemName.cString(of: FolderPath.join(path, name)) {
                var info = stat()
                if lstat(child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { names.append(name) }
            }
        }
        return names
    }

    /// Watches a few queued deeper directories (between reads, so events
    /// keep flowing while a big tree is being covered).
    private func watchSomeDeeper() {
        var budget = 256
        while budget > 0, !watchesFull, !isStopped, let next = pendingDirectories.popLast() {
            budget -= 1
            guard let bytes = FileSystemName.cString(of: next.path) else { continue }
            var before = stat()
            guard lstat(bytes, &before) == 0, UInt64(before.st_dev) == rootDevice else { continue }
            let wd = inotify_add_watch(fd, bytes, Self.childMask)
            if wd < 0 {
                if errno == ENOSPC || errno == ENOMEM { watchesFull = true }
                continue
            }
            childWatches[wd] = next.child
            watchPaths[wd] = next.path
            if watchPaths.count >= Self.watchLimit { watchesFull = true }
            // Changed before its watch landed (while the scan may have read it)?
            var info = stat()
            if lstat(bytes, &info) == 0,
               Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9 >= startedAt {
                continuation.yield(.changed(next.child))
            }
            queueBelow(next.path, child: next.child)
        }
    }

    private func queueBelow(_ path: String, child: String) {
        for name in Self.subdirectories(of: path) {
            pendingDirectories.append((FolderPath.join(path, name), child))
        }
    }

    func run() {
        defer {
            close(fd)
            continuation.finish()
        }
        guard rootWatch >= 0 else { return }
        for (wd, path) in watchPaths { queueBelow(path, child: childWatches[wd] ?? FolderPath.name(path)) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            if !pendingDirectories.isEmpty { watchSomeDeeper() }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, pendingDirectories.isEmpty || watchesFull ? 200 : 0)
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            if !handle(buffer[0..<count]) { return }
        }
    }

    private func addChildWatch(_ name: String) {
        let path = FolderPath.join(root, name)
        guard let bytes = FileSystemName.cString(of: path) else { return }
        let wd = inotify_add_watch(fd, bytes, Self.childMask)
        if wd >= 0 {
            childWatches[wd] = name
            watchPaths[wd] = path
        }
    }

    /// A child directory appeared: watch it and, soon, everything below it.
    private func addNewChild(_ name: String) {
        addChildWatch(name)
        guard !watchesFull else { return }
        queueBelow(FolderPath.join(root, name), child: name)
    }

    /// A child directory was renamed: its watches (at every depth) follow.
    private func renameChild(from old: String, to new: String) {
        let oldPath = FolderPath.join(root, old)
        let newPath = FolderPath.join(root, new)
        for (wd, child) in childWatches where child == old {
            childWatches[wd] = new
            if let path = watchPaths[wd], let moved = FolderPath.rebase(path, from: oldPath, to: newPath) {
                watchPaths[wd] = moved
            }
        }
        for index in pendingDirectories.indices where pendingDirectories[index].child == old {
            pendingDirectories[index].child = new
            if let moved = FolderPath.rebase(pendingDirectories[index].path, from: oldPath, to: newPath) {
                pendingDirectories[index].path = moved
            }
        }
    }

    /// Turns one read's events into changes; false when the root is gone.
    private func handle(_ bytes: ArraySlice<UInt8>) -> Bool {
        var changes: [FolderChange] = []
        var movedFrom: [UInt32: String] = [:]
        bytes.withUnsafeBytes { raw in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= raw.count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let cookie = raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                var name = ""
                if length > 0 {
                    let start = raw.baseAddress! + offset + header
                    name = FileSystemName.decode(cString: start.assumingMemoryBound(to: CChar.self))
                }
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changes.append(.overflow)
                } else if wd == rootWatch {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        changes.append(.folderGone)
                    } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                        movedFrom[cookie] = name
                        changes.append(.removed(name))  // replaced below if its pair follows
                    } else if mask & UInt32(IN_MOVED_TO) != 0 {
                        if let old = movedFrom.removeValue(forKey: cookie),
                           let index = changes.lastIndex(of: .removed(old)) {
                            changes[index] = .renamed(from: old, to: name)
                            renameChild(from: old, to: name)
                        } else {
                            changes.append(.added(name))
                            if mask & UInt32(IN_ISDIR) != 0 { addNewChild(name) }
                        }
                    } else if mask & UInt32(IN_CREATE) != 0 {
                        changes.append(.added(name))
                        if mask & UInt32(IN_ISDIR) != 0 { addNewChild(name) }
                    } else if mask & UInt32(IN_DELETE) != 0 {
                        changes.append(.removed(name))
                    } else if !name.isEmpty {
                        changes.append(.changed(name))
                    }
                } else if let child = childWatches[wd] {
                    if mask & UInt32(IN_IGNORED) != 0 {
                        childWatches[wd] = nil
                        watchPaths[wd] = nil
                    } else {
                        changes.append(.changed(child))
                        // A directory made (or moved in) below: watch it and what it holds.
                        if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                           let parent = watchPaths[wd], !watchesFull {
                            pendingDirectories.append((FolderPath.join(parent, name), child))
                        }
                    }
                }
            }
        }
        if !pendingDirectories.isEmpty { watchSomeDeeper() }
        var last: FolderChange?
        for change in changes where change != last {
            continuation.yield(change)
            last = change
        }
        return !changes.contains(.folderGone)
    }
}

