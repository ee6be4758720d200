import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// The directories one watch session covers, each known by its parent and
/// its own name, never by a full path: a directory 10,000 levels down has a
/// path far longer than `PATH_MAX`, and every call by path on it fails with
/// `ENAMETOOLONG`. Directories are opened with `openat` from their parent's
/// descriptor (as the scanner walks) and watched through
/// `/proc/self/fd/N`, which names the open directory in a few bytes.
///
/// Descriptors are kept for a few recently used directories only (the
/// process may open far fewer than the deepest chain has levels); one that
/// was closed is opened again from its nearest open ancestor, checked to be
/// the same directory (device and inode).
///
/// Used from the session's reading thread only.
final class WatchedTree {
    /// One directory: watched (its id is its watch descriptor) or not (its
    /// id is negative, and it is kept only to reach what lies below it).
    struct Node {
        var parent: Int32
        var name: [CChar]
        /// The watched folder's direct child it lies in (reported as changed).
        var child: String
        let device: UInt64
        let inode: UInt64
    }

    /// A directory found and not watched yet.
    struct Pending {
        var parent: Int32
        var name: [CChar]
        var child: String
    }

    /// What placing one watch did.
    enum Placed {
        case watched(Int32)
        case unwatched
        case skipped
    }

    let inotifyFD: Int32
    let rootFD: Int32
    let rootWatch: Int32
    /// The watched folder's path, used only where /proc is missing.
    private let rootPath: [UInt8]
    private let reader = DirectoryReader()
    let rootDevice: UInt64
    private(set) var nodes: [Int32: Node] = [:]
    /// Depth first: the next one is usually inside the directory just watched.
    var pending: [Pending] = []
    /// Directories found that have no watch: the watch could not be placed
    /// (the kernel's or the session's watch limit, permission, …), or they
    /// lie below one whose watch could not be placed.
    private(set) var unwatched = 0
    /// No more watches will be placed (a limit was reached); directories
    /// below are still counted.
    private(set) var full = false
    /// Most directories watched in one session.
    let limit: Int
    private var watchedCount = 0
    private var nextUnwatchedID: Int32 = -2
    /// Recently used open descriptors, least recent first.
    private var open: [(id: Int32, fd: Int32)] = []
    static let openLimit = 48
    /// `/proc/self/fd/N` works here (else watches go by full path).
    private let procFD: Bool
    private let mask: UInt32

    init(
        inotifyFD: Int32, rootFD: Int32, rootPath: [UInt8], rootWatch: Int32, rootDevice: UInt64, limit: Int, mask: UInt32
    ) {
        self.inotifyFD = inotifyFD
        self.rootPath = rootPath
        self.rootFD = rootFD
        self.rootWatch = rootWatch
        self.rootDevice = rootDevice
        self.limit = limit
        self.mask = mask
        procFD = access("/proc/self/fd", X_OK) == 0
    }

    deinit {
        for entry in open { close(entry.fd) }
    }

    var watchCount: Int { watchedCount }

    func node(_ id: Int32) -> Node? { nodes[id] }

    /// The directory `id` is gone (its watch was removed by the kernel).
    func forget(_ id: Int32) {
        nodes[id] = nil
        if let index = open.firstIndex(where: { $0.id == id }) {
            close(open[index].fd)
            open.remove(at: index)
        }
    }

    /// A directory moved within the tree: it keeps its watch (inotify
    /// follows the inode), and is now reached through its new parent.
    func move(from parent: Int32, name: [CChar], to newParent: Int32, newName: [CChar], child: String?) {
        guard let id = nodes.first(where: { $0.value.parent == parent && $0.value.name == name })?.key else { return }
        nodes[id]?.parent = newParent
        nodes[id]?.name = newName
        if let child { renameChild(below: id, to: child) }
    }

    /// Every node below `id` (and `id`) now lies in the child `child`.
    private func renameChild(below id: Int32, to child: String) {
        var below: Set<Int32> = [id]
        var changed = true
        while changed {
            changed = false
            for (key, node) in nodes where !below.contains(key) && below.contains(node.parent) {
                below.insert(key)
                changed = true
            }
        }
        for key in below { nodes[key]?.child = child }
        for index in pending.indices where below.contains(pending[index].parent) { pending[index].child = child }
    }

    /// A direct child of the watched folder was renamed.
    func renameTopLevel(from old: [CChar], to new: [CChar], child: String) {
        guard let id = nodes.first(where: { $0.value.parent == rootWatch && $0.value.name == old })?.key else {
            for index in pending.indices where pending[index].parent == rootWatch && pending[index].name == old {
                pending[index].name = new
                pending[index].child = child
            }
            return
        }
        nodes[id]?.name = new
        renameChild(below: id, to: child)
    }

    /// Opens (or finds open) the directory `id`; nil if it cannot be reached
    /// any more (moved away, deleted, unreadable).
    func descriptor(of id: Int32) -> Int32? {
        if id == rootWatch { return rootFD }
        if let fd = cached(id) { return fd }
        // The chain up to the nearest directory still open.
        var chain: [Int32] = []
        var current = id
        var base: Int32 = rootFD
        while current != rootWatch {
            if let fd = cached(current) {
                base = fd
                break
            }
            chain.append(current)
            guard let node = nodes[current] else { return nil }
            current = node.parent
        }
        for link in chain.reversed() {
            guard let node = nodes[link] else { return nil }
            let fd = node.name.withUnsafeBufferPointer {
                openat(base, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard fd >= 0 else { return nil }
            var info = stat()
            guard fstat(fd, &info) == 0, UInt64(info.st_dev) == node.device, UInt64(info.st_ino) == node.inode else {
                close(fd)
                return nil
            }
            keep(link, fd)
            base = fd
        }
        return base
    }

    /// Opens, watches and lists one pending directory; its subdirectories
    /// become pending. `changedSince`: report it when its entries changed
    /// after that time (while the scan may have read it).
    func place(_ item: Pending, changedSince startedAt: Double, changed: (String) -> Void) -> Placed {
        guard let parentFD = descriptor(of: item.parent) else {
            // Gone from where it was found (a later event covers it), or
            // below a directory that could not be opened (counted there).
            return .skipped
        }
        let fd = item.name.withUnsafeBufferPointer {
            openat(parentFD, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .skipped }
            unwatched += 1
            return .unwatched
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return .skipped
        }
        // Other file systems are not entered, as the scan does not enter them.
        guard UInt64(info.st_dev) == rootDevice else {
            close(fd)
            return .skipped
        }
        var id: Int32 = -1
        if !full {
            id = addWatch(fd, parent: item.parent, name: item.name)
            if id < 0 {
                let code = errno
                if code == ENOSPC || code == ENOMEM || watchedCount >= limit { full = true }
            } else {
                watchedCount += 1
                if watchedCount >= limit { full = true }
            }
        }
        let result: Placed
        if id < 0 {
            unwatched += 1
            id = nextUnwatchedID
            nextUnwatchedID -= 1
            result = .unwatched
        } else {
            result = .watched(id)
            if Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9 >= startedAt { changed(item.child) }
        }
        nodes[id] = Node(
            parent: item.parent, name: item.name, child: item.child, device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino))
        let before = pending.count
        subdirectories(fd) { pending.append(Pending(parent: id, name: $0, child: item.child)) }
        if pending.count > before {
            keep(id, fd)
        } else {
            close(fd)
            // An unwatched leaf is never reached again: nothing to keep.
            if id < 0 { nodes[id] = nil }
        }
        return result
    }

    /// The watch of an open directory, by a short name for it (the path of
    /// a deep directory is too long for the kernel to take).
    private func addWatch(_ fd: Int32, parent: Int32, name: [CChar]) -> Int32 {
        if procFD { return inotify_add_watch(inotifyFD, "/proc/self/fd/\(fd)", mask) }
        // Without /proc, only directories whose path fits can be watched.
        guard var path = path(of: parent) else {
            errno = ENAMETOOLONG
            return -1
        }
        path.append(0x2F)
        path.append(contentsOf: name.map { UInt8(bitPattern: $0) })
        return path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { inotify_add_watch(inotifyFD, $0.baseAddress!, mask) }
        }
    }

    /// The full path of a known directory, NUL-terminated by the caller
    /// (without /proc only).
    private func path(of id: Int32) -> [UInt8]? {
        var names: [[CChar]] = []
        var current = id
        while current != rootWatch {
            guard let node = nodes[current] else { return nil }
            names.append(node.name)
            current = node.parent
        }
        var bytes = rootPath
        for name in names.reversed() {
            if bytes.last != 0x2F { bytes.append(0x2F) }
            bytes.append(contentsOf: name.dropLast().map { UInt8(bitPattern: $0) })
        }
        return bytes
    }

    /// Names of the directories in the open directory `fd` (by `d_type`;
    /// a file system that does not fill it in is asked with `fstatat`).
    func subdirectories(_ fd: Int32, _ body: ([CChar]) -> Void) {
        _ = reader.forEachTyped(fd) { name, type in
            if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return }
            var isDirectory = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isDirectory = fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory { body(Array(UnsafeBufferPointer(start: name, count: strlen(name) + 1))) }
        }
    }

    // MARK: Open descriptors

    private func cached(_ id: Int32) -> Int32? {
        guard let index = open.lastIndex(where: { $0.id == id }) else { return nil }
        let entry = open.remove(at: index)
        open.append(entry)
        return entry.fd
    }

    private func keep(_ id: Int32, _ fd: Int32) {
        if let index = open.firstIndex(where: { $0.id == id }) {
            close(open[index].fd)
            open.remove(at: index)
        }
        open.append((id, fd))
        if open.count > Self.openLimit { close(open.removeFirst().fd) }
    }
}
