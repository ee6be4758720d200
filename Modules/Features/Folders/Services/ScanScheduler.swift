import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// Shares one scan's directories between worker threads.
///
/// Each worker walks a top-level child depth-first on its own. When a worker
/// runs out of top-level children while another is still deep in a big one
/// (`/usr/lib` in `/usr`), the busy walker *donates* half of the
/// subdirectories it is about to enter; the idle worker takes them. A
/// top-level child is reported once every piece of it is done, so rows still
/// arrive "as each child finishes" and both cores stay busy to the end.
final class ScanScheduler: @unchecked Sendable {
    /// A directory to walk: a name inside an open parent.
    struct Task {
        let parent: DirectoryHandle
        let name: [CChar]
        /// Names from the scan's root to `parent` (for paths in messages).
        let prefix: [[CChar]]
        /// The top-level child it belongs to (its place in `names`).
        let child: Int
    }

    private let condition = NSCondition()
    private var tasks: [Task] = []
    private var nextChild = 0
    /// Pieces of each top-level child still being walked (0: not started or done).
    private var outstanding: [Int32]
    /// Figures of the children split between workers, merged as pieces end
    /// (a child walked whole by one worker never needs an entry).
    private var partial: [Int: DirectoryWalker.Totals] = [:]
    private var remaining: Int
    private let root: DirectoryHandle
    /// The top-level children to walk, in the order they are taken: only
    /// directories, so a root of a million listed files costs nothing here.
    private let names: ScanNames
    /// From this child on, every child has no subdirectory (a link count of
    /// two): such children are taken several at a time, so a folder of
    /// 200,000 empty subfolders does not take the lock twice for each.
    private let leavesFrom: Int
    private let workers: Int
    private let shared: ScanShared
    /// An exporting scan's file. No donations then: each top-level child's
    /// subtree is written whole, in nested order, by the worker that takes it.
    private let export: NcduExportFile?
    /// Called (on a worker thread) when a top-level child is fully measured.
    /// With the child's slot, its figures and its name as the disk has it.
    private let finished: @Sendable (Int, DirectoryWalker.Totals, [CChar]) -> Void

    init(root: DirectoryHandle, names: ScanNames, leavesFrom: Int? = nil, workers: Int = 2, shared: ScanShared,
         export: NcduExportFile? = nil, finished: @escaping @Sendable (Int, DirectoryWalker.Totals, [CChar]) -> Void) {
        self.root = root
        self.names = names
        self.leavesFrom = leavesFrom ?? names.count
        self.workers = max(1, workers)
        self.shared = shared
        self.export = export
        self.finished = finished
        outstanding = Array(repeating: 0, count: names.count)
        remaining = names.count
    }

    /// One worker's life: take work until every child is done (or cancelled).
    func work(base: String) {
        var walker = DirectoryWalker(shared: shared, base: base)
        if export == nil {
            walker.donate = { [unowned self] parent, names, prefix, child in donate(parent, names, prefix, child) }
        }
        while let taken = next() {
            for task in taken {
                if shared.isCancelled { break }
                var part = DirectoryWalker.Totals()
                walker.child = task.child
                walker.prefix = task.prefix
                // An export's subtree is written whole by the walker that takes it.
                let exportPart = export.map { NcduExportPart(into: $0) }
                walker.export = exportPart
                let fd = task.name.withUnsafeBufferPointer {
                    openat(task.parent.fd, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                if fd >= 0 {
                    walker.walk(fd: fd, name: task.name, into: &part)
                } else {
                    let code = errno
                    task.name.withUnsafeBufferPointer { part.add(PosixErrors.issue(code, path: walker.path(of: $0.baseAddress!))) }
                    if code != ENOENT { exportPart?.unreadableDirectory(task.name, info: nil, device: false) }
                }
                exportPart?.finish()
                complete(task.child, part)
            }
        }
        walker.flushProgress()
    }

    /// A donated piece, or the next top-level child (several, when they are leaves).
    private func next() -> [Task]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if shared.isCancelled { return nil }
            if let task = tasks.popLast() { return [task] }
            if nextChild < names.count {
                // Leaves in runs that shrink as the end nears, so the
                // workers still finish together.
                var count = 1
                if nextChild >= leavesFrom {
                    count = max(1, min(256, (names.count - nextChild) / (workers * 8)))
                }
                var taken: [Task] = []
                taken.reserveCapacity(count)
                for child in nextChild..<(nextChild + count) {
                    outstanding[child] = 1
                    taken.append(Task(parent: root, name: names[child], prefix: [], child: child))
                }
                nextChild += count
                return taken
            }
            if remaining == 0 { return nil }
            shared.idle.add(1, ordering: .relaxed)
            condition.wait()
            shared.idle.subtract(1, ordering: .relaxed)
        }
    }

    private func donate(_ parent: Int32, _ given: ArraySlice<[CChar]>, _ prefix: [[CChar]], _ child: Int) {
        let handle = DirectoryHandle(fd: dup(parent))
        guard handle.fd >= 0 else { return }
        condition.lock()
        for name in given { tasks.append(Task(parent: handle, name: name, prefix: prefix, child: child)) }
        outstanding[child] += Int32(given.count)
        condition.broadcast()
        condition.unlock()
    }

    private func complete(_ child: Int, _ part: DirectoryWalker.Totals) {
        condition.lock()
        outstanding[child] -= 1
        let done = outstanding[child] == 0
        var result = part
        if done {
            if let earlier = partial.removeValue(forKey: child) {
                result = earlier
                result.merge(part)
            }
            remaining -= 1
            if remaining == 0 { condition.broadcast() }
        } else {
            partial[child, default: DirectoryWalker.Totals()].merge(part)
        }
        condition.unlock()
        if done, !shared.isCancelled { finished(child, result, names[child]) }
    }

    /// Wakes waiting workers so they see a cancellation.
    func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}

/// An open directory shared by the tasks that walk its subdirectories;
/// closed when the last of them has opened its own.
final class DirectoryHandle: @unchecked Sendable {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }
    deinit { if fd >= 0 { close(fd) } }
}

/// The names of a scan's top-level children in one buffer (a name each in an
/// array of its own cost a heap block each: 200,000 of them for one folder).
struct ScanNames: Sendable {
    private var bytes: [CChar] = []
    private var starts: [Int32] = []

    init() {}

    init(_ names: [[CChar]]) {
        for name in names { append(name) }
    }

    var count: Int { starts.count }

    /// `name` NUL-terminated, as the disk has it.
    mutating func append(_ name: [CChar]) {
        starts.append(Int32(bytes.count))
        bytes += name
    }

    mutating func append(_ name: UnsafePointer<CChar>) {
        starts.append(Int32(bytes.count))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name, count: strlen(name) + 1))
    }

    subscript(index: Int) -> [CChar] {
        let start = Int(starts[index])
        let end = index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count
        return Array(bytes[start..<end])
    }
}
