import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderWatcher`: inotify on the folder and on each of its child
/// directories, read on a thread of its own, so changes made by any program
/// reach open screens within a fraction of a second.
///
/// Renames inside the folder arrive as `IN_MOVED_FROM` + `IN_MOVED_TO` with
/// one cookie and are paired into `.renamed`; a move in or out alone becomes
/// `.added` / `.removed`. Changes deeper than the child directories are not
/// seen (one watch per directory would cost a descriptor slot per folder of a
/// whole tree); a rescan picks them up.
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
    /// Watch descriptor → child directory name.
    private var childWatches: [Int32: String] = [:]

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

    func setUp() {
        // By the path's own bytes (a name that is not UTF-8 included).
        guard let bytes = FileSystemName.cString(of: root) else { return }
        rootWatch = inotify_add_watch(fd, bytes, Self.rootMask)
    }

    private func watchChildren() {
        if let bytes = FileSystemName.cString(of: root), let dir = opendir(bytes) {
            while let raw = readdir(dir) {
                let name = withUnsafeBytes(of: raw.pointee.d_name) { FileSystemName.decode(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." || raw.pointee.d_type != UInt8(DT_DIR) { continue }
                addChildWatch(name)
            }
            closedir(dir)
        }
    }

    func run() {
        defer {
            close(fd)
            continuation.finish()
        }
        guard rootWatch >= 0 else { return }
        watchChildren()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 200)
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            if !handle(buffer[0..<count]) { return }
        }
    }

    private func addChildWatch(_ name: String) {
        guard let bytes = FileSystemName.cString(of: FolderPath.join(root, name)) else { return }
        let wd = inotify_add_watch(fd, bytes, Self.childMask)
        if wd >= 0 { childWatches[wd] = name }
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
                            if let wd = childWatches.first(where: { $0.value == old })?.key { childWatches[wd] = name }
                        } else {
                            changes.append(.added(name))
                            if mask & UInt32(IN_ISDIR) != 0 { addChildWatch(name) }
                        }
                    } else if mask & UInt32(IN_CREATE) != 0 {
                        changes.append(.added(name))
                        if mask & UInt32(IN_ISDIR) != 0 { addChildWatch(name) }
                    } else if mask & UInt32(IN_DELETE) != 0 {
                        changes.append(.removed(name))
                    } else if !name.isEmpty {
                        changes.append(.changed(name))
                    }
                } else if let child = childWatches[wd] {
                    if mask & UInt32(IN_IGNORED) != 0 {
                        childWatches[wd] = nil
                    } else {
                        changes.append(.changed(child))
                    }
                }
            }
        }
        var last: FolderChange?
        for change in changes where change != last {
            continuation.yield(change)
            last = change
        }
        return !changes.contains(.folderGone)
    }
}
