import Domain
import Foundation
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
    let continuation: AsyncThrowingStream<FolderScanEvent, any Error>.Continuation
    let cancelFlag: CancelFlag

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
        let shared = ScanShared(device: UInt64(info.st_dev), crossDevices: options.crossDevices) { entries, current in
            continuation.yield(.progress(FolderScanProgress(entries: entries, bytes: 0, currentPath: current)))
        }
        cancelFlag.whenCancelled { shared.cancel() }
        var folder = Self.entry(name: FolderPath.name(path), path: path, info: info)
        folder.complete = false

        // Each pending directory's link count: 2 + its subdirectories on
        // most file systems, a cheap hint of which children are big.
        var links: [Int] = []
        // The names as the disk has them: a name that is not valid UTF-8
        // must still be opened by its own bytes, not by its displayed form.
        var rawNames: [[CChar]] = []
        guard let listed = list(rootFD, shared: shared, folder: &folder, links: &links, rawNames: &rawNames) else {
            continuation.finish(throwing: PosixErrors.openError(errno, path: path))
            return
        }
        var children = listed
        continuation.yield(.listing(folder: folder, children: children))
        shared.addProgress(entries: children.count, path: path)

        // Biggest-looking first (a directory's link count grows with its
        // subdirectories), so the threads finish close together.
        let order = children.indices.filter { !children[$0].complete }
            .sorted { links[$0] > links[$1] }
        let results = Mutex<[Int: DirectoryWalker.Totals]>([:])
        let snapshot = children
        let scheduler = ScanScheduler(
            root: DirectoryHandle(fd: dup(rootFD)), names: rawNames,
            order: order,
            shared: shared
        ) { index, totals in
            var child = snapshot[index]
            Self.apply(totals, to: &child)
            results.withLock { $0[index] = totals }
            continuation.yield(.child(child))
        }
        cancelFlag.whenCancelled { shared.cancel(); scheduler.wakeAll() }
        let rootPath = path
        let helpers = min(threads, order.count) - 1
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
        let measured = results.withLock { $0 }
        for (index, totals) in measured { Self.apply(totals, to: &children[index]) }
        var total = folder
        total.complete = true
        for child in children {
            total.bytes += child.bytes
            if child.isDirectory {
                total.files += child.files
                total.directories += 1 + child.directories
            } else {
                total.files += 1
            }
            total.issueCount += child.issueCount
            if total.issue == nil, child.issue?.kind != .otherFileSystem { total.issue = child.issue }
        }
        continuation.yield(.finished(total))
        continuation.finish()
    }

    /// Reads the root's direct children: files final, directories pending.
    /// Unless `listFiles`, files are summed into `folder` instead of listed.
    private func list(
        _ rootFD: Int32, shared: ScanShared, folder folderOut: inout FolderEntry, links: inout [Int],
        rawNames: inout [[CChar]]
    ) -> [FolderEntry]? {
        var children: [FolderEntry] = []
        var info = stat()
        var folder = folderOut
        let listFiles = options.listFiles
        let crossDevices = options.crossDevices
        let path = path
        let read = DirectoryReader().forEach(rootFD) { namePointer in
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                return
            }
            guard fstatat(rootFD, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT { return }
                let name = FileSystemName.decode(cString: namePointer)
                let childPath = FolderPath.join(path, name)
                let issue = PosixErrors.issue(errno, path: childPath)
                children.append(FolderEntry(name: name, path: childPath, kind: .other, bytes: 0, issue: issue))
                links.append(0)
                rawNames.append([])
                return
            }
            let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
            if !isDirectory && !listFiles {
                folder.files += 1
                if info.st_nlink <= 1 || shared.firstSighting(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
                    folder.bytes += Int64(info.st_size)
                }
                return
            }
            let name = FileSystemName.decode(cString: namePointer)
            let childPath = FolderPath.join(path, name)
            var child = Self.entry(name: name, path: childPath, info: info)
            var link = 0
            var raw: [CChar] = []
            if child.isDirectory {
                if UInt64(info.st_dev) != shared.device && !crossDevices {
                    child.issue = FolderIssue(.otherFileSystem, path: childPath)
                    child.issueCount = 0
                } else {
                    child.complete = false
                    link = Int(info.st_nlink)
                    raw = Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer) + 1))
                }
            } else if info.st_nlink > 1, !shared.firstSighting(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
                child.bytes = 0
            }
            children.append(child)
            links.append(link)
            rawNames.append(raw)
        }
        guard read else { return nil }
        folderOut = folder
        return children
    }

    static func entry(name: String, path: String, info: stat) -> FolderEntry {
        let kind: FolderEntry.Kind
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFREG: kind = .file
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        let modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return FolderEntry(name: name, path: path, kind: kind, bytes: Int64(info.st_size), modified: modified)
    }

    static func apply(_ totals: DirectoryWalker.Totals, to entry: inout FolderEntry) {
        entry.bytes += totals.bytes
        entry.files = totals.files
        entry.directories = totals.directories
        entry.issueCount = totals.issueCount
        entry.issue = totals.firstIssue
        entry.complete = true
    }
}
