import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
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
/// `st_ctime`) is reported when its watch is added. Directories are reached
/// from their parent's descriptor, at any depth (`WatchedTree`). Watches
/// are one kernel slot each (`fs.inotify.max_user_watches`): a directory
/// whose watch cannot be placed (that limit, the session's own, permission)
/// is counted and reported as `.unwatched`, so the screen can say so.
///
/// Renames inside the folder arrive as `IN_MOVED_FROM` + `IN_MOVED_TO` with
/// one cookie and are paired into `.renamed`; a move in or out alone becomes
/// `.added` / `.removed`.
public struct InotifyWatcher: FolderWatcher {
    /// Most directories one session watches.
    public let watchLimit: Int

    public init(watchLimit: Int = 100_000) {
        self.watchLimit = max(1, watchLimit)
    }

    public func watch(_ path: String) -> AsyncStream<FolderChange> {
        watch(path, whenCovered: nil)
    }

    /// `whenCovered` is called once, from the reading thread, when every
    /// directory below the folder that existed at the start has its watch
    /// (or is counted unwatched): from then on a change at any depth is
    /// seen. Tests wait on it instead of guessing how long that takes.
    public func watch(_ path: String, whenCovered: (@Sendable () -> Void)?) -> AsyncStream<FolderChange> {
        AsyncStream { continuation in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else {
                continuation.finish()
                return
            }
            let session = WatchSession(
                fd: fd, root: path, limit: watchLimit, continuation: continuation, whenCovered: whenCovered)
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

/// One watched folder: the inotify descriptor and the tree of watches.
final class WatchSession: @unchecked Sendable {
    private let fd: Int32
    private let root: String
    private let limit: Int
    private let continuation: AsyncStream<FolderChange>.Continuation
    private let lock = NSLock()
    private var stopped = false
    private var rootWatch: Int32 = -1
    private var rootFD: Int32 = -1
    private var tree: WatchedTree?
    /// Seconds since 1970 when the session began, less a margin for the
    /// kernel's coarse timestamps.
    private var startedAt: Double = 0
    /// The count of unwatched directories last reported.
    private var reportedUnwatched = 0
    /// Told once, when no directory is left waiting for its watch.
    private var whenCovered: (@Sendable () -> Void)?

    static let rootMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    static let childMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR)

    init(
        fd: Int32, root: String, limit: Int, continuation: AsyncStream<FolderChange>.Continuation,
        whenCovered: (@Sendable () -> Void)? = nil
    ) {
        self.fd = fd
        self.root = root
        self.limit = limit
        self.continuation = continuation
        self.whenCovered = whenCovered
    }

    /// A pipe that `stop` writes, so the reading thread can sleep in `poll`
    /// with no timeout while nothing changes (-1 when none could be made:
    /// the thread then looks at `stopped` between short polls).
    private lazy var wakeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }()

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        if wakeEnds.write >= 0 { _ = write(wakeEnds.write, &byte, 1) }
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
        rootFD = open(bytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return }
        rootWatch = inotify_add_watch(fd, "/proc/self/fd/\(rootFD)", Self.rootMask)
        if rootWatch < 0 { rootWatch = inotify_add_watch(fd, bytes, Self.rootMask) }
        guard rootWatch >= 0 else { return }
        var info = stat()
        guard fstat(rootFD, &info) == 0 else { return }
        let tree = WatchedTree(
            inotifyFD: fd, rootFD: rootFD, rootPath: FileSystemName.bytes(of: root) ?? Array(root.utf8),
            rootWatch: rootWatch, rootDevice: UInt64(info.st_dev), limit: limit, mask: Self.childMask)
        self.tree = tree
        // The children's watches now; what lies below them from the reading
        // thread (a one-shot run should not wait for a whole tree).
        var children: [WatchedTree.Pending] = []
        tree.subdirectories(rootFD) { children.append(WatchedTree.Pending(parent: rootWatch, name: $0, child: Self.decode($0))) }
        var below: [WatchedTree.Pending] = []
        for child in children {
            tree.pending = []
            // Only the child itself now: what it holds waits in `below`.
            _ = tree.place(child, changedSince: .infinity) { _ in }
            below += tree.pending
        }
        tree.pending = below
    }

    static func decode(_ name: [CChar]) -> String {
        name.withUnsafeBufferPointer { FileSystemName.decode(cString: $0.baseAddress!) }
    }

    /// Watches a few pending deeper directories (between reads, so events
    /// keep flowing while a big tree is being covered).
    private func watchSomeDeeper() {
        guard let tree else { return }
        var budget = 256
        while budget > 0, !isStopped, let next = tree.pending.popLast() {
            budget -= 1
            _ = tree.place(next, changedSince: startedAt) { continuation.yield(.changed($0)) }
        }
        reportUnwatched()
    }

    /// Tells the model how many directories have no watch, when that changes.
    private func reportUnwatched() {
        guard let tree, tree.unwatched != reportedUnwatched else { return }
        reportedUnwatched = tree.unwatched
        continuation.yield(.unwatched(tree.unwatched))
    }

    func run() {
        let wake = lock.withLock { wakeEnds }
        defer {
            tree = nil
            if rootFD >= 0 { close(rootFD) }
            close(fd)
            // Under the lock, so a `stop` never writes to a closed descriptor.
            lock.withLock {
                stopped = true
                if wake.read >= 0 {
                    close(wake.read)
                    close(wake.write)
                }
            }
            continuation.finish()
        }
        guard rootWatch >= 0, let tree else { return }
        reportUnwatched()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            if !tree.pending.isEmpty { watchSomeDeeper() }
            if tree.pending.isEmpty, let covered = whenCovered {
                whenCovered = nil
                covered()
            }
            var pollers = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let idle: Int32 = wake.read >= 0 ? -1 : 200
            let ready = poll(&pollers, 2, tree.pending.isEmpty ? idle : 0)
            if ready <= 0 || pollers[0].revents == 0 { continue }
            var count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            // A rename is two events queued one after the other; a read that
            // ends between them waits a moment for the second, so the pair
            // is one `.renamed` rather than a removal and an addition.
            if Self.endsWithMoveAway(buffer[0..<count], root: rootWatch) {
                var more = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, Self.pairWait) > 0 {
                    let extra = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
                    if extra > 0 { count += extra }
                }
            }
            if !handle(buffer[0..<count]) { return }
        }
    }

    /// How long a read ending in half a rename waits for its other half, in ms.
    static let pairWait: Int32 = 50

    /// Whether the last event of `bytes` is a name moved away from the
    /// watched folder itself (whose `IN_MOVED_TO` may be in the next read).
    static func endsWithMoveAway(_ bytes: ArraySlice<UInt8>, root: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            let header = MemoryLayout<inotify_event>.size
            var offset = 0
            var last: (wd: Int32, mask: UInt32)?
            while offset + header <= raw.count {
                last = (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                offset += header + Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            }
            guard let last else { return false }
            return last.wd == root && last.mask & UInt32(IN_MOVED_FROM) != 0
        }
    }

    /// Turns one read's events into changes; false when the root is gone.
    private func handle(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let tree else { return false }
        var changes: [FolderChange] = []
        /// Names moved away in this read, by cookie: (watch, raw name, top-level name).
        var movedFrom: [UInt32: (wd: Int32, name: [CChar])] = [:]
        bytes.withUnsafeBytes { raw in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= raw.count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let cookie = raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                var rawName: [CChar] = [0]
                if length > 0 {
                    let start = (raw.baseAddress! + offset + header).assumingMemoryBound(to: CChar.self)
                    rawName = Array(UnsafeBufferPointer(start: start, count: strnlen(start, length) + 1))
                }
                let name = Self.decode(rawName)
                offset += header + length
                let isDirectory = mask & UInt32(IN_ISDIR) != 0
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changes.append(.overflow)
                } else if wd == rootWatch {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        changes.append(.folderGone)
                    } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                        movedFrom[cookie] = (wd, rawName)
                        changes.append(.removed(name))  // replaced below if its pair follows
                    } else if mask & UInt32(IN_MOVED_TO) != 0 {
                        if let old = movedFrom.removeValue(forKey: cookie), old.wd == rootWatch,
                           let index = changes.lastIndex(of: .removed(Self.decode(old.name))) {
                            changes[index] = .renamed(from: Self.decode(old.name), to: name)
                            if isDirectory { tree.renameTopLevel(from: old.name, to: rawName, child: name) }
                        } else {
                            if let old = movedFrom.removeValue(forKey: cookie), isDirectory {
                                // From deeper in the tree up to the top: still watched.
                                tree.move(from: old.wd, name: old.name, to: rootWatch, newName: rawName, child: name)
                            } else if isDirectory {
                                tree.pending.append(WatchedTree.Pending(parent: rootWatch, name: rawName, child: name))
                            }
                            changes.append(.added(name))
                        }
                    } else if mask & UInt32(IN_CREATE) != 0 {
                        changes.append(.added(name))
                        if isDirectory {
                            tree.pending.append(WatchedTree.Pending(parent: rootWatch, name: rawName, child: name))
                        }
                    } else if mask & UInt32(IN_DELETE) != 0 {
                        changes.append(.removed(name))
                    } else if !name.isEmpty {
                        changes.append(.changed(name))
                    }
                } else if let node = tree.node(wd) {
                    if mask & UInt32(IN_IGNORED) != 0 {
                        tree.forget(wd)
                        continue
                    }
                    changes.append(.changed(node.child))
                    guard isDirectory else { continue }
                    if mask & UInt32(IN_MOVED_FROM) != 0 {
                        movedFrom[cookie] = (wd, rawName)
                    } else if mask & UInt32(IN_MOVED_TO) != 0 {
                        if let old = movedFrom.removeValue(forKey: cookie) {
                            tree.move(from: old.wd, name: old.name, to: wd, newName: rawName, child: node.child)
                        } else {
                            // Moved in from elsewhere: watch it and what it holds.
                            tree.pending.append(WatchedTree.Pending(parent: wd, name: rawName, child: node.child))
                        }
                    } else if mask & UInt32(IN_CREATE) != 0 {
                        // A directory made below: watch it and what it holds.
                        tree.pending.append(WatchedTree.Pending(parent: wd, name: rawName, child: node.child))
                    }
                }
            }
        }
        if !tree.pending.isEmpty { watchSomeDeeper() }
        var last: FolderChange?
        for change in changes where change != last {
            continuation.yield(change)
            last = change
        }
        return !changes.contains(.folderGone)
    }
}
