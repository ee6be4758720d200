import KernelDomain

/// Measures directories (seed 002's folder size, for real). Implementations
/// read the disk off the main thread and stop promptly when the consumer of
/// the stream goes away (that is how a scan is cancelled).
public protocol FolderScanner: Sendable {
    /// Scans `path` recursively. The stream fails with a `FolderError`
    /// (`notFound`, `notADirectory`, `permissionDenied`) when the folder
    /// itself cannot be read; problems below it are reported on rows.
    func scan(_ path: String, options: FolderScanOptions) -> AsyncThrowingStream<FolderScanEvent, any Error>
    /// Measures one entry (a file, or a directory with its whole subtree):
    /// used to refresh one row after a change.
    func measure(_ path: String, options: FolderScanOptions) async throws -> FolderEntry
    /// `scan`, recording each finished row's hard-linked files in `links`
    /// (see `FolderLinkLedger`), so live updates can stay exact.
    func scanRecordingLinks(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger
    ) -> AsyncThrowingStream<FolderScanEvent, any Error>
    /// `measure`, with the hard-linked files it met (each once).
    func measureWithLinks(_ path: String, options: FolderScanOptions) async throws -> FolderMeasurement
}

/// Renames an entry within its parent, never replacing anything.
public protocol FolderRenamer: Sendable {
    /// Renames `path` to `newName` in the same parent and returns the new
    /// path. Throws a `FolderError` naming the cause: `exists`,
    /// `permissionDenied`, `vanished`, `crossDevice`, `readOnly`, `invalidName`.
    func rename(_ path: String, to newName: String) throws -> String
}

/// Tells of changes made to a folder by anyone, for live updates.
public protocol FolderWatcher: Sendable {
    /// Changes to `path`'s direct children (and inside its child
    /// directories) until the consumer stops iterating.
    func watch(_ path: String) -> AsyncStream<FolderChange>
}

/// A measure of one entry and the hard-linked files met in it (each once).
public struct FolderMeasurement: Sendable {
    public var entry: FolderEntry
    public var links: [FolderLinkSighting]

    public init(entry: FolderEntry, links: [FolderLinkSighting] = []) {
        self.entry = entry
        self.links = links
    }
}

/// Hard-link bookkeeping for exact live sizes. A scanner that knows nothing
/// of inodes (a test double) keeps the defaults: no links are reported.
extension FolderScanner {
    public func scanRecordingLinks(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger
    ) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        scan(path, options: options)
    }

    public func measureWithLinks(_ path: String, options: FolderScanOptions) async throws -> FolderMeasurement {
        FolderMeasurement(entry: try await measure(path, options: options))
    }
}
