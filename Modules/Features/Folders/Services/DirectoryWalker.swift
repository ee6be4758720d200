import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Walks one directory tree with the raw system calls (`openat`,
/// `getdents64` (or `readdir`), `fstatat` with `AT_SYMLINK_NOFOLLOW`), summing
/// apparent sizes like `du -sb`. Foundation's URL resource values cost many
/// times more per entry, and this is the hot loop of every scan.
///
/// One walker per thread; the hard-link set and the progress counters are
/// shared through `ScanShared`.
struct DirectoryWalker {
    /// What one subtree holds.
    struct Totals {
        var bytes: Int64 = 0
        var diskBytes: Int64 = 0
        var files = 0
        var directories = 0
        var issueCount = 0
        var firstIssue: FolderIssue?
        /// Hard-linked files met (when the scan keeps a link ledger) and
        /// whether this walk counted each one's bytes.
        var links: [FolderLinkSighting] = []
        var credited: [Bool] = []

        mutating func add(_ issue: FolderIssue) {
            issueCount += 1
            if firstIssue == nil { firstIssue = issue }
        }

        mutating func merge(_ other: Totals) {
            bytes.addSize(other.bytes)
            diskBytes.addSize(other.diskBytes)
            files += other.files
            directories += other.directories
            issueCount += other.issueCount
            if firstIssue == nil { firstIssue = other.firstIssue }
            links += other.links
            credited += other.credited
        }
    }

    let shared: ScanShared
    /// Names from the scan's root down to the directory being read, for
    /// progress lines and issue paths (decoded only when needed).
    private var stack: [[CChar]] = []
    private let base: String
    private var sinceReport = 0
    private let reader = DirectoryReader()
    /// Names from `base` to the directory a donated task starts in.
    var prefix: [[CChar]] = []
    /// An exporting scan's part for the subtree being walked: every entry
    /// walked is written to it, in walk order (an exporting scan makes no
    /// donations, so a subtree is walked by one walker).
    var export: NcduExportPart?
    /// The top-level child being walked (for donations).
    var child = 0
    /// Hands subdirectories to an idle thread: (open parent, names, path
    /// components to the parent, child). Nil: walk everything here.
    var donate: ((Int32, ArraySlice<[CChar]>, [[CChar]], Int) -> Void)?

    init(shared: ScanShared, base: String) {
        self.shared = shared
        self.base = base
    }

    /// One directory on the explicit walk stack.
    ///
    /// The walk is a loop over this stack, not a recursion: a chain of
    /// 50,000 nested directories needs 50,000 frames on the heap, not on a
    /// thread's stack (which recursion overflowed at about 10,000 levels).
    private struct Frame {
        /// Open descriptor, or -1 once closed to keep the number of open
        /// descriptors bounded (re-opened through the child's `..`).
        var fd: Int32
        /// Identity, checked when re-opened by `..`: a directory moved away
        /// meanwhile must not be mistaken for this one.
        let device: UInt64
        let inode: UInt64
        /// Subdirectories still to walk, with their identities.
        var subdirectories: [Subdirectory]
        var next = 0
    }

    private struct Subdirectory {
        let name: [CChar]
        let device: UInt64
        let inode: UInt64
        /// For an export's entry (`st_size`, `st_blocks`, `st_mtime`).
        let size: Int64
        let blocks: Int64
        let modified: Int

        /// What an export writes of it: the fields of its `stat` it keeps.
        var info: stat {
            var info = stat()
            info.st_dev = __dev_t(device)
            info.st_ino = __ino_t(inode)
            info.st_size = __off_t(size)
            info.st_blocks = __blkcnt_t(blocks)
            info.st_mtim.tv_sec = modified
            info.st_mode = S_IFDIR
            info.st_nlink = 2
            return info
        }
    }

    /// At most this many descriptors per walker are open at once, however
    /// deep the tree: deeper frames close their ancestors' descriptors.
    static let openDescriptorLimit = 32

    /// Sums everything below the open directory `fd` (which it closes) into
    /// `totals`. `name` is the directory's name relative to `base`.
    mutating func walk(fd: Int32, name: [CChar], into totals: inout Totals) {
        var rootInfo = stat()
        guard fstat(fd, &rootInfo) == 0 else {
            totals.add(PosixErrors.issue(errno, path: currentPath()))
            export?.unreadableDirectory(name, info: nil, device: false)
            close(fd)
            return
        }
        export?.openDirectory(name, info: rootInfo, device: UInt64(rootInfo.st_dev) != shared.device)
        var frames: [Frame] = []
        stack.append(name)
        frames.append(Frame(
            fd: fd, device: UInt64(rootInfo.st_dev), inode: UInt64(rootInfo.st_ino),
            subdirectories: read(fd, device: UInt64(rootInfo.st_dev), into: &totals)))
        shared.afterListing?(currentPath())
        var openCount = 1
        var oldestOpen = 0
        while let top = frames.indices.last {
            if shared.isCancelled { break }
            if frames[top].next == 0 { offerHalf(of: &frames[top]) }
            if frames[top].next < frames[top].subdirectories.count {
                let sub = frames[top].subdirectories[frames[top].next]
                frames[top].next += 1
                let parentFD = frames[top].fd
                let childFD = sub.name.withUnsafeBufferPointer {
                    openat(parentFD, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                guard childFD >= 0 else {
                    let code = errno
                    sub.name.withUnsafeBufferPointer { totals.add(PosixErrors.issue(code, path: currentPath($0.baseAddress!))) }
                    if code != ENOENT {
                        export?.unreadableDirectory(sub.name, info: sub.info, device: sub.device != frames[top].device)
                    }
                    continue
                }
                export?.openDirectory(sub.name, info: sub.info, device: sub.device != frames[top].device)
                stack.append(sub.name)
                let subdirectories = read(childFD, device: sub.device, into: &totals)
                shared.afterListing?(currentPath())
                frames.append(Frame(fd: childFD, device: sub.device, inode: sub.inode, subdirectories: subdirectories))
                openCount += 1
                if openCount > Self.openDescriptorLimit {
                    // Close the oldest still-open ancestor; it is re-opened
                    // through `..` when the walk climbs back to it.
                    while frames[oldestOpen].fd < 0 { oldestOpen += 1 }
                    close(frames[oldestOpen].fd)
                    frames[oldestOpen].fd = -1
                    openCount -= 1
                }
                continue
            }
            // This directory is done: climb back to its parent.
            let finished = frames.removeLast()
            stack.removeLast()
            export?.closeDirectory()
            if let parent = frames.indices.last, frames[parent].fd < 0 {
                // (An ancestor that could not be re-opened is already reported.)
                frames[parent].fd = finished.fd < 0 ? -1 : reopenParent(of: finished.fd, expecting: frames[parent], into: &totals)
                if frames[parent].fd < 0 {
                    frames[parent].next = frames[parent].subdirectories.count
                } else {
                    openCount += 1
                    oldestOpen = min(oldestOpen, parent)
                }
            }
            if finished.fd >= 0 {
                close(finished.fd)
                openCount -= 1
            }
        }
        // Cancelled part-way: close what is still open.
        for frame in frames where frame.fd >= 0 { close(frame.fd) }
        stack.removeLast(frames.count)
    }

    /// Opens `..` of the open directory `childFD` and checks it is still the
    /// directory the walk came down from; -1 (with an issue) if not.
    private func reopenParent(of childFD: Int32, expecting frame: Frame, into totals: inout Totals) -> Int32 {
        let fd = openat(childFD, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var info = stat()
        if fd >= 0, fstat(fd, &info) == 0, UInt64(info.st_dev) == frame.device, UInt64(info.st_ino) == frame.inode {
            return fd
        }
        let code = fd < 0 ? errno : ENOENT
        if fd >= 0 { close(fd) }
        // Moved while being walked: the rest of it is no longer where it was.
        totals.add(PosixErrors.issue(code, path: currentPath()))
        return -1
    }

    /// Hands half of a frame's subdirectories to an idle thread.
    private func offerHalf(of frame: inout Frame) {
        guard let donate, frame.fd >= 0, frame.subdirectories.count >= 2,
              shared.idle.load(ordering: .relaxed) > 0 else { return }
        let half = frame.subdirectories.count / 2
        donate(frame.fd, frame.subdirectories[half...].map(\.name)[...], prefix + stack, child)
        frame.subdirectories.removeLast(frame.subdirectories.count - half)
    }

    /// Reads one open directory: sums its files into `totals`, counts its
    /// subdirectories and returns those to walk (same device unless crossing).
    /// `device`: the directory's own, to mark an entry on another one.
    private mutating func read(_ fd: Int32, device: UInt64, into totals: inout Totals) -> [Subdirectory] {
        var subdirectories: [Subdirectory] = []
        var info = stat()
        var counted = 0
        let shared = shared
        let export = export
        let read = reader.forEach(fd) { namePointer in
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                return
            }
            if shared.excludes(namePointer) { return }
            counted += 1
            guard fstatat(fd, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                // Gone between reading the name and stat: a change, not a problem.
                if errno != ENOENT {
                    totals.add(PosixErrors.issue(errno, path: currentPath(namePointer)))
                    export?.unreadable(namePointer)
                }
                return
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                totals.directories += 1
                totals.bytes.addSize(Int64(info.st_size))
                totals.diskBytes.addSize(Int64.bytes(ofBlocks: Int64(info.st_blocks)))
                if UInt64(info.st_dev) == shared.device || shared.crossDevices {
                    subdirectories.append(Subdirectory(
                        name: Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer) + 1)),
                        device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                        size: Int64(info.st_size), blocks: Int64(info.st_blocks), modified: info.st_mtim.tv_sec))
                } else {
                    export?.excludedDirectory(namePointer, info: info)
                }
            } else {
                export?.file(namePointer, info: info, device: UInt64(info.st_dev) != device)
                totals.files += 1
                if info.st_nlink > 1 {
                    let first = shared.firstSighting(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                    if first {
                        totals.bytes.addSize(Int64(info.st_size))
                        totals.diskBytes.addSize(Int64.bytes(ofBlocks: Int64(info.st_blocks)))
                    }
                    if shared.recordsLinks {
                        totals.links.append(FolderLinkSighting(
                            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), bytes: Int64(info.st_size),
                            diskBytes: Int64.bytes(ofBlocks: Int64(info.st_blocks))))
                        totals.credited.append(first)
                    }
                } else {
                    totals.bytes.addSize(Int64(info.st_size))
                    totals.diskBytes.addSize(Int64.bytes(ofBlocks: Int64(info.st_blocks)))
                }
            }
        }
        if !read { totals.add(PosixErrors.issue(errno, path: currentPath())) }
        sinceReport += counted
        if sinceReport >= 4096 {
            shared.addProgress(entries: sinceReport, path: currentPath())
            sinceReport = 0
        }
        return subdirectories
    }

    /// Entries counted since the last report, handed over at the end.
    mutating func flushProgress() {
        if sinceReport > 0 { shared.addProgress(entries: sinceReport, path: nil) }
        sinceReport = 0
    }

    /// The directory being read, as text (display and messages only: the
    /// walk itself goes by descriptors and raw names). Built in one pass, so
    /// a 50,000-level path costs its length, not its length squared.
    func currentPath() -> String {
        var bytes = FileSystemName.bytes(of: base) ?? Array(base.utf8)
        for name in prefix + stack {
            if bytes.last != 0x2F { bytes.append(0x2F) }
            name.withUnsafeBufferPointer { buffer in
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer.baseAddress, count: max(0, buffer.count - 1)))
            }
        }
        return FileSystemName.decode(bytes)
    }

    func currentPath(_ child: UnsafePointer<CChar>) -> String {
        FolderPath.join(currentPath(), FileSystemName.decode(cString: child))
    }

    /// The path of `name` inside the task's starting directory.
    func path(of name: UnsafePointer<CChar>) -> String {
        var path = base
        for component in prefix {
            path = FolderPath.join(path, component.withUnsafeBufferPointer { FileSystemName.decode(cString: $0.baseAddress!) })
        }
        return FolderPath.join(path, FileSystemName.decode(cString: name))
    }
}

/// State every walker thread of one scan shares: options, the hard-link
/// set, cancellation and progress.
final class ScanShared: @unchecked Sendable {
    let device: UInt64
    let crossDevices: Bool
    /// Collect hard-link sightings in `Totals` (for a `FolderLinkLedger`).
    let recordsLinks: Bool
    /// Hard-linked inodes seen, in shards so threads rarely wait on each other.
    private let shards = (0..<16).map { _ in InodeShard() }
    private let cancelled = Atomic<Bool>(false)
    /// Worker threads waiting for work: walkers donate while it is > 0.
    let idle = Atomic<Int>(0)
    private let entries = Atomic<Int>(0)
    private let lastReport = Atomic<UInt64>(0)
    /// Receives `(entries so far, a directory being read)` at most ten times a second.
    private let report: @Sendable (Int, String) -> Void
    /// Tests' pause after each directory read (`ScanListingHook`); nil in use.
    let afterListing: ScanListingHook?
    /// Names neither listed nor counted, at any depth.
    let exclude: FolderExcludePatterns
    private let excludedEntries = Atomic<Int>(0)

    init(
        device: UInt64, crossDevices: Bool, recordsLinks: Bool = false, afterListing: ScanListingHook? = nil,
        exclude: FolderExcludePatterns = .none, report: @escaping @Sendable (Int, String) -> Void
    ) {
        self.exclude = exclude
        self.device = device
        self.crossDevices = crossDevices
        self.recordsLinks = recordsLinks
        self.afterListing = afterListing
        self.report = report
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `name` is left out (and then counted as excluded).
    func excludes(_ name: UnsafePointer<CChar>) -> Bool {
        guard !exclude.isEmpty else { return false }
        let length = strlen(name)
        let hit = name.withMemoryRebound(to: UInt8.self, capacity: length) {
            exclude.matches(UnsafeBufferPointer(start: $0, count: length))
        }
        if hit { excludedEntries.add(1, ordering: .relaxed) }
        return hit
    }

    var excludedCount: Int { excludedEntries.load(ordering: .relaxed) }
    var entryCount: Int { entries.load(ordering: .relaxed) }

    /// True the first time a hard-linked inode is met: `du` counts it once.
    func firstSighting(device: UInt64, inode: UInt64) -> Bool {
        let shard = shards[Int(truncatingIfNeeded: (inode &* 0x9E37_79B9_7F4A_7C15) >> 60)]
        return shard.table.withLock { $0.insert(device: device, inode: inode) }
    }

    func addProgress(entries count: Int, path: @autoclosure () -> String?) {
        let total = entries.add(count, ordering: .relaxed).newValue
        let now = Self.nanoseconds()
        let last = lastReport.load(ordering: .relaxed)
        guard now &- last >= 100_000_000,
              lastReport.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged,
              let path = path() else { return }
        report(total, path)
    }

    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// One lock-protected part of the hard-link set.
final class InodeShard: Sendable {
    let table = Mutex(InodeTable())
}

/// An open-addressing set of (device, inode) pairs: a hard-link-heavy tree
/// inserts one per entry, and `Set`'s general hashing showed in profiles.
struct InodeTable {
    private var inodes = [UInt64](repeating: 0, count: 1024)  // inode + 1; 0 = empty slot
    private var devices = [UInt64](repeating: 0, count: 1024)
    private var count = 0

    /// True when the pair was not there before.
    mutating func insert(device: UInt64, inode: UInt64) -> Bool {
        if (count + 1) * 2 > inodes.count { grow() }
        let key = inode &+ 1
        let mask = inodes.count - 1
        var slot = Int(truncatingIfNeeded: ((inode ^ (device &* 0x9E37_79B9)) &* 0x9E37_79B9_7F4A_7C15) >> 24) & mask
        while inodes[slot] != 0 {
            if inodes[slot] == key && devices[slot] == device { return false }
            slot = (slot + 1) & mask
        }
        inodes[slot] = key
        devices[slot] = device
        count += 1
        return true
    }

    private mutating func grow() {
        let oldInodes = inodes
        let oldDevices = devices
        inodes = [UInt64](repeating: 0, count: oldInodes.count * 2)
        devices = [UInt64](repeating: 0, count: oldInodes.count * 2)
        count = 0
        for index in oldInodes.indices where oldInodes[index] != 0 {
            _ = insert(device: oldDevices[index], inode: oldInodes[index] - 1)
        }
    }
}
