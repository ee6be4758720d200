import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One running scan: lists the root, hands child directories to worker
/// threads, and reports through the stream's continuation (which is safe to
/// call from any thread).
struct ScanJob {
    let path: String
    let options: FolderScanOptions
    let threads: Int
    /// Where each finished row's hard-linked files are recorded, if anywhere.
    let links: FolderLinkLedger?
    let continuation: AsyncThrowingStream<FolderScanEvent, any Error>.Continuation
    let cancelFlag: CancelFlag
    /// Where an exporting scan writes every entry.
    var export: NcduExportFile?
    /// Tests' pause after each directory read; nil in use.
    var afterListing: ScanListingHook?

    func run() {
        // By the exact bytes the path stands for (never a lossy re-encoding).
        guard let pathBytes = FileSystemName.cString(of: path) else {
            continuation.finish(throwing: FolderError.invalidPath(path))
            return
        }
        let rootFD = open(pathBytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else {
            continuation.finish(throwing: PosixErrors.openError(errno, path: path))
            return
        }
        defer { close(rootFD) }
        var info = stat()
        guard fstat(rootFD, &info) == 0 else {
            continuation.finish(throwing: PosixErrors.openError(errno, path: path))
            return
        }
        let continuation = continuation
        let shared = ScanShared(
            device: UInt64(info.st_dev), crossDevices: options.crossDevices, recordsLinks: links != nil,
            afterListing: afterListing, exclude: options.exclude
        ) { entries, current in
            continuation.yield(.progress(FolderScanProgress(entries: entries, bytes: 0, currentPath: current)))
        }
        cancelFlag.whenCancelled { shared.cancel() }
        var folder = Self.entry(name: FolderPath.name(path), path: path, info: info)
        folder.complete = false
        export?.header(root: path, info: info)

        // The directories left to walk, by row; their raw names are what
        // the disk has (a name that is not valid UTF-8 must still be opened
        // by its own bytes, not by its displayed form).
        var pending: [PendingDirectory] = []
        var listedNames: [CChar] = []
        guard var listed = list(rootFD, shared: shared, folder: &folder, pending: &pending, names: &listedNames) else {
            continuation.finish(throwing: PosixErrors.openError(errno, path: path))
            return
        }
        // What the rows not walked below add to the total (files, folders
        // on other file systems, unreadable entries), summed now: the
        // listing is the model's from here on, and a reference kept here
        // would make its first change copy every column.
        var total = folder
        total.complete = true
        var walkedRow = [Bool](repeating: false, count: listed.count)
        for directory in pending { walkedRow[directory.row] = true }
        for index in listed.indices where !walkedRow[index] {
            if listed.isDirectory(at: index) || listed.issueCount(at: index) > 0 {
                Self.add(listed[index], to: &total)
            } else {
                total.bytes.addSize(listed.bytes(at: index))
                total.diskBytes.addSize(listed.diskBytes(at: index))
                total.files += 1
            }
        }
        walkedRow = []
        continuation.yield(.listing(folder: folder, children: listed))
        shared.addProgress(entries: listed.count, path: path)
        afterListing?(path)
        listed = FolderRows(parent: path)

        // Biggest-looking first (a directory's link count grows with its
        // subdirectories), so the threads finish close together.
        pending.sort { $0.links > $1.links }
        var names = ScanNames()
        listedNames.withUnsafeBufferPointer { buffer in
            for directory in pending { names.append(buffer.baseAddress! + directory.name) }
        }
        let leavesFrom = pending.firstIndex { $0.links <= 2 }
        // Each walked row as listed (its own size and time), by slot.
        let own = pending.map(\.own)
        let count = pending.count
        listedNames = []
        pending = []
        let measured = Mutex(total)
        let batch = ChildBatch(continuation: continuation, parent: path)
        let ledger = self.links
        let scheduler = ScanScheduler(
            root: DirectoryHandle(fd: dup(rootFD)), names: names, leavesFrom: leavesFrom, workers: threads,
            shared: shared, export: export
        ) { slot, totals, name in
            let decoded = name.withUnsafeBufferPointer { FileSystemName.decode(cString: $0.baseAddress!) }
            if !totals.links.isEmpty {
                ledger?.record(holder: decoded, sightings: totals.links, credited: totals.credited)
            }
            measured.withLock { total in
                total.bytes.addSize(own[slot].bytes.addingSize(totals.bytes))
                total.diskBytes.addSize(own[slot].diskBytes.addingSize(totals.diskBytes))
                total.files += totals.files
                total.directories += 1 + totals.directories
                total.issueCount += totals.issueCount
                if total.issue == nil { total.issue = totals.firstIssue }
            }
            batch.add(name: decoded, own: own[slot], totals: totals)
        }
        names = ScanNames()
        cancelFlag.whenCancelled { shared.cancel(); scheduler.wakeAll() }
        let rootPath = path
        let helpers = min(threads, count) - 1
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<max(0, helpers) {
            Thread.detachNewThread {
                scheduler.work(base: rootPath)
                done.signal()
            }
        }
        scheduler.work(base: rootPath)
        for _ in 0..<max(0, helpers) { done.wait() }
        guard !shared.isCancelled else {
            continuation.finish()
            return
        }
        batch.flush()
        total = measured.withLock { $0 }
        total.excluded = shared.excludedCount
        export?.trailer()
        continuation.yield(.finished(total))
        continuation.finish()
    }

    /// A child directory still to walk: its row, its link count (a hint of
    /// its size) and where its name (as the disk has it) starts in the
    /// listing's name buffer.
    private struct PendingDirectory {
        var row: Int
        var links: Int
        var name: Int
        var own: OwnFigures
    }

    /// A directory's own figures from the listing, before its subtree is added.
    struct OwnFigures {
        var bytes: Int64
        var diskBytes: Int64
        var modified: Date
    }

    /// What one thread found among a run of the root's entries.
    private struct ListPart {
        var rows: FolderRows
        var pending: [PendingDirectory] = []
        var files = 0
        var bytes: Int64 = 0
        var diskBytes: Int64 = 0
    }

    /// Below this many entries the root is examined on one thread.
    static let parallelListThreshold = 4096

    /// Reads the root's direct children: files final, directories pending.
    /// Unless `listFiles`, files are summed into `folder` instead of listed.
    ///
    /// The names are read first (one `getdents64` stream, cheap); the
    /// `fstatat` of each, which is most of the work, is then shared between
    /// the scan's threads, so one directory of 200,000 files uses both cores
    /// as a tree of many directories does. Results are merged in name order
    /// of the directory stream, as one thread would have produced them.
    private func list(
        _ rootFD: Int32, shared: ScanShared, folder folderOut: inout FolderEntry, pending: inout [PendingDirectory],
        names: inout [CChar]
    ) -> FolderRows? {
        // All names in one buffer (NUL-terminated), with their offsets.
        var flat: [CChar] = []
        var offsets: [Int] = []
        let read = DirectoryReader().forEach(rootFD) { namePointer in
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                return
            }
            offsets.append(flat.count)
            flat.append(contentsOf: UnsafeBufferPointer(start: namePointer, count: strlen(namePointer) + 1))
        }
        guard read else { return nil }
        let count = offsets.count
        let pieces = count >= Self.parallelListThreshold ? max(1, threads) : 1
        let parts = Mutex<[Int: ListPart]>([:])
        let rootPath = path
        flat.withUnsafeBufferPointer { names in
            // Read-only while the pieces run, and outlives them.
            nonisolated(unsafe) let base = names.baseAddress
            let starts = offsets
            let examine: @Sendable (Int) -> Void = { piece in
                guard let base else { return }
                let range = (count * piece / pieces)..<(count * (piece + 1) / pieces)
                var part = ListPart(rows: FolderRows(parent: rootPath))
                // An export gets each piece's entries as one part (the root's
                // entries may come in any order).
                let exportPart = export.map { NcduExportPart(into: $0) }
                defer { exportPart?.finish() }
                // Room for every row, so a piece of a million listed files
                // does not grow by doubling (and hold both copies at its
                // peak); the first piece has room for all, so the others
                // are moved into it rather than all into a new listing.
                if options.listFiles { part.rows.reserveCapacity(piece == 0 ? count : range.count) }
                for index in range {
                    self.examine(
                        rootFD, base + starts[index], at: starts[index], shared: shared, export: exportPart, into: &part)
                }
                parts.withLock { $0[piece] = part }
            }
            if pieces == 1 {
                examine(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: pieces, execute: examine)
            }
        }
        // The names stay for the directories to walk; their offsets go
        // before the rows are merged.
        names = flat
        flat = []
        offsets = []
        var folder = folderOut
        var found = parts.withLock { parts in
            var taken: [Int: ListPart] = [:]
            swap(&taken, &parts)
            return taken
        }
        for part in found.values {
            folder.files += part.files
            folder.bytes.addSize(part.bytes)
            folder.diskBytes.addSize(part.diskBytes)
        }
        folderOut = folder
        // The first piece's rows become the listing; the others are moved
        // into it one column at a time, each freed once copied.
        guard var first = found.removeValue(forKey: 0) else { return FolderRows(parent: rootPath) }
        var rows = first.rows
        first.rows = FolderRows(parent: rootPath)
        pending = first.pending
        for piece in 1..<max(1, pieces) {
            guard var part = found.removeValue(forKey: piece) else { continue }
            let offset = rows.count
            pending += part.pending.map { PendingDirectory(row: $0.row + offset, links: $0.links, name: $0.name, own: $0.own) }
            rows.append(draining: &part.rows)
        }
        return rows
    }

    /// One entry of the root: a file summed (or listed), a directory pending.
    private func examine(
        _ rootFD: Int32, _ namePointer: UnsafePointer<CChar>, at nameOffset: Int, shared: ScanShared,
        export: NcduExportPart?,
        into part: inout ListPart
    ) {
        if shared.excludes(namePointer) { return }
        var info = stat()
        guard fstatat(rootFD, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return }
            let code = errno
            export?.unreadable(namePointer)
            let name = FileSystemName.decode(cString: namePointer)
            let childPath = FolderPath.join(path, name)
            let issue = PosixErrors.issue(code, path: childPath)
            part.rows.append(FolderEntry(name: name, path: childPath, kind: .other, bytes: 0, issue: issue))
            return
        }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        if let export {
            if !isDirectory {
                export.file(namePointer, info: info, device: UInt64(info.st_dev) != shared.device)
            } else if UInt64(info.st_dev) != shared.device && !options.crossDevices {
                export.excludedDirectory(namePointer, info: info)
            }
        }
        if !isDirectory && !options.listFiles {
            part.files += 1
            if info.st_nlink <= 1 || sighting(info, holder: "", shared: shared) {
                part.bytes.addSize(Int64(info.st_size))
                part.diskBytes.addSize(Int64.bytes(ofBlocks: Int64(info.st_blocks)))
            }
            return
        }
        let name = FileSystemName.decode(cString: namePointer)
        guard isDirectory else {
            let counted = info.st_nlink <= 1 || sighting(info, holder: name, shared: shared)
            part.rows.appendFile(
                name: name, kind: Self.kind(info), bytes: counted ? Int64(info.st_size) : 0,
                diskBytes: counted ? Int64.bytes(ofBlocks: Int64(info.st_blocks)) : 0, modified: Self.modified(info))
            return
        }
        let childPath = FolderPath.join(path, name)
        var child = Self.entry(name: name, path: childPath, info: info)
        if UInt64(info.st_dev) != shared.device && !options.crossDevices {
            child.issue = FolderIssue(.otherFileSystem, path: childPath)
            child.issueCount = 0
        } else {
            child.complete = false
            part.pending.append(PendingDirectory(
                row: part.rows.count, links: Int(info.st_nlink), name: nameOffset,
                own: OwnFigures(bytes: child.bytes, diskBytes: child.diskBytes, modified: child.modified)))
        }
        part.rows.append(child)
    }

    /// A hard-linked file of the root itself: whether its bytes count here
    /// (the first sighting), recorded in the ledger under `holder`.
    private func sighting(_ info: stat, holder: String, shared: ScanShared) -> Bool {
        let first = shared.firstSighting(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        links?.record(
            holder: holder,
            sightings: [FolderLinkSighting(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), bytes: Int64(info.st_size),
                diskBytes: Int64.bytes(ofBlocks: Int64(info.st_blocks)))],
            credited: [first])
        return first
    }

    static func entry(name: String, path: String, info: stat) -> FolderEntry {
        FolderEntry(
            name: name, path: path, kind: kind(info), bytes: Int64(info.st_size), modified: modified(info),
            diskBytes: Int64.bytes(ofBlocks: Int64(info.st_blocks)))
    }

    static func kind(_ info: stat) -> FolderEntry.Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFREG: .file
        case S_IFLNK: .symlink
        default: .other
        }
    }

    static func modified(_ info: stat) -> Date {
        Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }

    /// Adds a finished child's figures to its folder's total.
    static func add(_ child: FolderEntry, to total: inout FolderEntry) {
        total.bytes.addSize(child.bytes)
        total.diskBytes.addSize(child.diskBytes)
        if child.isDirectory {
            total.files += child.files
            total.directories += 1 + child.directories
        } else {
            total.files += 1
        }
        total.issueCount += child.issueCount
        if total.issue == nil, child.issue?.kind != .otherFileSystem { total.issue = child.issue }
    }

    static func apply(_ totals: DirectoryWalker.Totals, to entry: inout FolderEntry) {
        entry.bytes.addSize(totals.bytes)
        entry.diskBytes.addSize(totals.diskBytes)
        entry.files = totals.files
        entry.directories = totals.directories
        entry.issueCount = totals.issueCount
        entry.issue = totals.firstIssue
        entry.complete = true
    }
}

/// Finished rows on their way to the stream, a batch at a time: one event
/// per row would wake the consumer once per row, and a folder of many small
/// subfolders finishes thousands a second.
final class ChildBatch: @unchecked Sendable {
    private let continuation: AsyncThrowingStream<FolderScanEvent, any Error>.Continuation
    private let parent: String
    /// Kept by column (no path string per row) while they wait to be taken.
    private let waiting: Mutex<(rows: FolderRows, since: UInt64)>
    /// A batch goes at least this often, so rows still arrive as they finish.
    static let interval: UInt64 = 50_000_000

    init(continuation: AsyncThrowingStream<FolderScanEvent, any Error>.Continuation, parent: String) {
        self.continuation = continuation
        self.parent = parent
        waiting = Mutex((FolderRows(parent: parent), 0))
    }

    /// A finished child: its own figures from the listing plus its subtree's.
    func add(name: String, own: ScanJob.OwnFigures, totals: DirectoryWalker.Totals) {
        let now = ScanShared.nanoseconds()
        let parent = parent
        let ready: FolderRows? = waiting.withLock { waiting in
            if waiting.rows.isEmpty { waiting.since = now }
            waiting.rows.appendDirectory(
                name: name, bytes: own.bytes.addingSize(totals.bytes), diskBytes: own.diskBytes.addingSize(totals.diskBytes),
                modified: own.modified, files: totals.files, directories: totals.directories,
                issue: totals.firstIssue, issueCount: totals.issueCount, complete: true)
            guard now &- waiting.since >= Self.interval else { return nil }
            defer { waiting.rows = FolderRows(parent: parent) }
            return waiting.rows
        }
        if let ready { continuation.yield(.children(ready)) }
    }

    func flush() {
        let parent = parent
        let ready = waiting.withLock { waiting in
            defer { waiting.rows = FolderRows(parent: parent) }
            return waiting.rows
        }
        if !ready.isEmpty { continuation.yield(.children(ready)) }
    }
}
