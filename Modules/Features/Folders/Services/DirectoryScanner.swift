import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderScanner`: lists the folder, then measures its child
/// directories on `threads` threads at once (two by default: both cores),
/// each child's subtree on one thread, biggest-looking first.
///
/// Semantics are `du -sb`'s, plus `-x` unless `crossDevices`: apparent
/// sizes, hard links once, symlinks not followed, other file systems not
/// entered. Unreadable or vanished directories become row issues and the
/// scan goes on. Cancelling (the consumer dropping the stream) stops every
/// thread at its next directory.
public struct DirectoryScanner: FolderScanner {
    public let threads: Int
    /// Tests' pause after each directory read (`ScanListingHook`); nil in use.
    let afterListing: ScanListingHook?

    public init(threads: Int = 2, afterListing: ScanListingHook? = nil) {
        self.threads = max(1, threads)
        self.afterListing = afterListing
        Self.raiseDescriptorLimit
    }

    public func scan(_ path: String, options: FolderScanOptions) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        start(path, options: options, links: nil)
    }

    public func scanRecordingLinks(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger
    ) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        start(path, options: options, links: links)
    }

    /// `export`: also write every entry into it (`NcduExporter`); each
    /// top-level child's subtree is then walked whole by one thread.
    func start(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger?, export: NcduExportFile? = nil
    ) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        AsyncThrowingStream { continuation in
            let cancelFlag = CancelFlag()
            continuation.onTermination = { _ in cancelFlag.cancel() }
            let afterListing = afterListing
            Thread.detachNewThread {
                ScanJob(
                    path: path, options: options, threads: threads, links: links, continuation: continuation,
                    cancelFlag: cancelFlag, export: export, afterListing: afterListing)
                    .run()
            }
        }
    }

    public func measure(_ path: String, options: FolderScanOptions) async throws -> FolderEntry {
        try await measureWithLinks(path, options: options).entry
    }

    public func measureWithLinks(_ path: String, options: FolderScanOptions) async throws -> FolderMeasurement {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.measureNow(path, options: options) })
            }
        }
    }

    /// Measures one entry on the calling thread, with the hard-linked files
    /// it counted (each once).
    static func measureNow(_ path: String, options: FolderScanOptions) throws -> FolderMeasurement {
        guard let pathBytes = FileSystemName.cString(of: path) else { throw FolderError.invalidPath(path) }
        var info = stat()
        guard lstat(pathBytes, &info) == 0 else { throw PosixErrors.openError(errno, path: path) }
        var entry = ScanJob.entry(name: FolderPath.name(path), path: path, info: info)
        guard entry.isDirectory else {
            let links = info.st_nlink > 1
                ? [FolderLinkSighting(
                    device: UInt64(info.st_dev), inode: UInt64(info.st_ino), bytes: entry.bytes, diskBytes: entry.diskBytes)]
                : []
            return FolderMeasurement(entry: entry, links: links)
        }
        let fd = open(pathBytes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            entry.issue = PosixErrors.issue(errno, path: path)
            entry.issueCount = 1
            return FolderMeasurement(entry: entry)
        }
        let shared = ScanShared(
            device: UInt64(info.st_dev), crossDevices: options.crossDevices, recordsLinks: true, exclude: options.exclude
        ) { _, _ in }
        var walker = DirectoryWalker(shared: shared, base: FolderPath.parent(path) ?? "/")
        var totals = DirectoryWalker.Totals()
        walker.walk(fd: fd, name: FileSystemName.cString(of: FolderPath.name(path)) ?? [0], into: &totals)
        ScanJob.apply(totals, to: &entry)
        entry.excluded = shared.excludedCount
        let counted = totals.links.indices.filter { totals.credited[$0] }.map { totals.links[$0] }
        return FolderMeasurement(entry: entry, links: counted)
    }

    /// A walker holds a bounded number of descriptors however deep the tree
    /// (`DirectoryWalker.openDescriptorLimit`); donated tasks hold one more
    /// each. Lift the soft limit to the hard one, once, for that headroom.
    static let raiseDescriptorLimit: Void = {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
    }()
}

/// Set from `onTermination` before the job's shared state exists.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var onCancel: (() -> Void)?

    func cancel() {
        lock.lock()
        value = true
        let action = onCancel
        lock.unlock()
        action?()
    }

    /// Runs `action` now if already cancelled, else when cancelled.
    func whenCancelled(_ action: @escaping () -> Void) {
        lock.lock()
        let already = value
        if !already { onCancel = action }
        lock.unlock()
        if already { action() }
    }
}
