import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderRemover`: deletes a file, or a folder and everything in
/// it, by descriptors (`openat` with `O_NOFOLLOW`, `unlinkat`), so a symlink
/// is removed, never followed, and a folder renamed away meanwhile is not
/// mistaken for another.
///
/// Never across file systems: `plan` walks the tree first and refuses a
/// mount point anywhere in it (nothing deleted), and `remove` checks every
/// folder's device again before entering it. `remove` deletes only the
/// entry `plan` measured (same device and inode at that path); a folder is
/// checked once opened, so everything below is the measured folder's.
public struct SafeRemover: FolderRemover {
    public init() {}

    public func plan(_ path: String) async throws -> FolderDeletionPlan {
        try await onThread { try Self.planNow(path) }
    }

    public func remove(_ plan: FolderDeletionPlan) async throws {
        try await onThread { try Self.removeNow(plan) }
    }

    private func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    static func planNow(_ path: String) throws -> FolderDeletionPlan {
        guard let bytes = FileSystemName.cString(of: path), let parent = FolderPath.parent(path),
              let parentBytes = FileSystemName.cString(of: parent) else { throw FolderError.invalidPath(path) }
        var info = stat()
        guard lstat(bytes, &info) == 0 else { throw PosixErrors.openError(errno, path: path) }
        var parentInfo = stat()
        guard stat(parentBytes, &parentInfo) == 0 else { throw PosixErrors.openError(errno, path: parent) }
        let entry = ScanJob.entry(name: FolderPath.name(path), path: path, info: info)
        var plan = FolderDeletionPlan(
            path: path, kind: entry.kind, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            changeTime: Self.changeTime(info), bytes: entry.bytes)
        guard entry.isDirectory else { return plan }
        if info.st_dev != parentInfo.st_dev { throw FolderError.mountPoint(path, at: path) }
        let fd = open(bytes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw PosixErrors.openError(errno, path: path) }
        var tree = TreeRemoval(device: plan.device, base: path, deleting: false)
        tree.run(fd)
        if let mount = tree.mountPoint { throw FolderError.mountPoint(path, at: mount) }
        if let failure = tree.failure { throw failure }
        plan.bytes.addSize(tree.bytes)
        plan.files = tree.files
        plan.directories = tree.directories
        return plan
    }

    static func removeNow(_ plan: FolderDeletionPlan) throws {
        guard let parent = FolderPath.parent(plan.path), let parentBytes = FileSystemName.cString(of: parent),
              let nameBytes = FileSystemName.cString(of: FolderPath.name(plan.path)) else {
            throw FolderError.invalidPath(plan.path)
        }
        let parentFD = open(parentBytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFD >= 0 else { throw PosixErrors.openError(errno, path: parent) }
        defer { close(parentFD) }
        var info = stat()
        guard fstatat(parentFD, nameBytes, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw errno == ENOENT ? FolderError.vanished(plan.path) : PosixErrors.openError(errno, path: plan.path)
        }
        guard UInt64(info.st_dev) == plan.device, UInt64(info.st_ino) == plan.inode, Self.changeTime(info) == plan.changeTime,
              ((info.st_mode & S_IFMT) == S_IFDIR) == (plan.kind == .directory) else {
            throw FolderError.changedSinceAsked(plan.path)
        }
        if plan.kind != .directory {
            guard unlinkat(parentFD, nameBytes, 0) == 0 else { throw failure(errno, plan.path) }
            return
        }
        let fd = openat(parentFD, nameBytes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno, plan.path) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, UInt64(opened.st_dev) == plan.device, UInt64(opened.st_ino) == plan.inode,
              Self.changeTime(opened) == plan.changeTime else {
            close(fd)
            throw FolderError.changedSinceAsked(plan.path)
        }
        var tree = TreeRemoval(device: plan.device, base: plan.path, deleting: true)
        tree.run(fd)
        if let mount = tree.mountPoint { throw FolderError.mountPoint(plan.path, at: mount) }
        if let failure = tree.failure { throw failure }
        guard unlinkat(parentFD, nameBytes, AT_REMOVEDIR) == 0 else { throw failure(errno, plan.path) }
    }

    static func changeTime(_ info: stat) -> Int64 {
        Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    static func failure(_ code: Int32, _ path: String) -> FolderError {
        switch code {
        case ENOENT: .vanished(path)
        case EACCES, EPERM: .permissionDenied(path)
        case EROFS: .readOnly(path)
        default: .io(path: path, reason: PosixErrors.text(code))
        }
    }
}

/// Walks a folder's tree by descriptors with an explicit stack: measuring
/// it (and finding mount points) or, with `deleting`, emptying it bottom-up.
struct TreeRemoval {
    let device: UInt64
    let base: String
    let deleting: Bool
    var bytes: Int64 = 0
    var files = 0
    var directories = 0
    var mountPoint: String?
    var failure: FolderError?
    private var seen = InodeTable()
    private let reader = DirectoryReader()

    init(device: UInt64, base: String, deleting: Bool) {
        self.device = device
        self.base = base
        self.deleting = deleting
    }

    private struct Frame {
        let fd: Int32
        let path: String
        var name: [CChar] = []
        var subdirectories: [[CChar]]
        var next = 0
    }

    /// Runs over the open folder `fd` (closed when done); stops at the first
    /// mount point or failure.
    mutating func run(_ fd: Int32) {
        var frames = [Frame(fd: fd, path: base, subdirectories: [])]
        frames[0].subdirectories = read(fd, path: base)
        while let top = frames.indices.last, mountPoint == nil, failure == nil {
            if frames[top].next < frames[top].subdirectories.count {
                let name = frames[top].subdirectories[frames[top].next]
                frames[top].next += 1
                let path = FolderPath.join(frames[top].path, name.withUnsafeBufferPointer { FileSystemName.decode(cString: $0.baseAddress!) })
                let childFD = name.withUnsafeBufferPointer {
                    openat(frames[top].fd, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                guard childFD >= 0 else {
                    failure = SafeRemover.failure(errno, path)
                    break
                }
                var info = stat()
                if fstat(childFD, &info) != 0 || UInt64(info.st_dev) != device {
                    mountPoint = path
                    close(childFD)
                    break
                }
                frames.append(Frame(fd: childFD, path: path, name: name, subdirectories: read(childFD, path: path)))
                continue
            }
            let finished = frames.removeLast()
            close(finished.fd)
            if deleting, let parent = frames.last {
                if finished.name.withUnsafeBufferPointer({ unlinkat(parent.fd, $0.baseAddress!, AT_REMOVEDIR) }) != 0 {
                    failure = SafeRemover.failure(errno, finished.path)
                }
            }
        }
        for frame in frames { close(frame.fd) }
    }

    /// Counts (or deletes) a folder's non-directories; returns its subfolders.
    private mutating func read(_ fd: Int32, path: String) -> [[CChar]] {
        var subdirectories: [[CChar]] = []
        var toDelete: [[CChar]] = []
        var info = stat()
        var seen = InodeTable()
        swap(&seen, &self.seen)
        var bytes = self.bytes
        var files = self.files
        var directories = self.directories
        let read = reader.forEach(fd) { namePointer in
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                return
            }
            guard fstatat(fd, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            let name = Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer) + 1))
            if (info.st_mode & S_IFMT) == S_IFDIR {
                directories += 1
                bytes.addSize(Int64(info.st_size))
                subdirectories.append(name)
            } else {
                files += 1
                if UInt64(info.st_dev) != device, mountPoint == nil {
                    // A file bind-mounted here (a container's /etc/hosts).
                    mountPoint = FolderPath.join(path, FileSystemName.decode(cString: namePointer))
                }
                if info.st_nlink <= 1 || seen.insert(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
                    bytes.addSize(Int64(info.st_size))
                }
                if deleting { toDelete.append(name) }
            }
        }
        swap(&seen, &self.seen)
        self.bytes = bytes
        if mountPoint != nil { return [] }
        self.files = files
        self.directories = directories
        if !read, failure == nil { failure = SafeRemover.failure(errno, path) }
        for name in toDelete where failure == nil && mountPoint == nil {
            if name.withUnsafeBufferPointer({ unlinkat(fd, $0.baseAddress!, 0) }) != 0, errno != ENOENT {
                failure = SafeRemover.failure(errno, path)
            }
        }
        return subdirectories
    }
}
