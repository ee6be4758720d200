import KernelDomain

/// Writes a folder's whole tree in ncdu's JSON export format (`ncdu -o`),
/// so `ncdu -f FILE` (or `facet folders --import FILE`) can browse it
/// without the disk.
///
/// An export is a scan that also writes: the folder's model runs it as its
/// scan (`FolderModel.export`), so the rows shown and the file written come
/// from one walk of the tree, not two.
public protocol FolderExporter: Sendable {
    /// Opens `file` for writing (through a temporary next to it), before
    /// anything is walked: a file that cannot be written fails here with a
    /// `FileWriteError`, and nothing on screen changes. An existing file is
    /// replaced only with `replacing`, and only a regular file ever is.
    func begin(_ file: String, replacing: Bool) throws -> any FolderExport
    /// What is at `file` now, which an export with `replacing` would
    /// overwrite: its size in bytes, or nil when nothing is there.
    func existing(_ file: String) -> Int64?
    /// The scan of `path` (as `FolderScanner.scanRecordingLinks`) that also
    /// writes every entry it meets into `export`.
    func scan(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger, into export: any FolderExport
    ) -> AsyncThrowingStream<FolderScanEvent, any Error>
}

/// One export being written.
public protocol FolderExport: AnyObject, Sendable {
    var file: String { get }
    /// After a complete scan: writes what is buffered and renames the file
    /// into place. Throws a `FileWriteError` if the disk refused (the partial
    /// file is removed and what was there before is kept).
    func commit() throws
    /// The scan did not finish: the partial file is removed.
    func abandon()
}

/// What an export wrote.
public struct FolderExportSummary: Equatable, Sendable {
    public var file: String
    /// Entries written (the folder itself included).
    public var entries: Int
    /// Apparent bytes of the tree, hard links once (as `du -sb`).
    public var bytes: Int64

    public init(file: String, entries: Int, bytes: Int64) {
        self.file = file
        self.entries = entries
        self.bytes = bytes
    }
}

/// Reads an ncdu JSON export (Facet's or ncdu's own) into a tree.
public protocol FolderImporter: Sendable {
    /// Throws `FolderError.importFailed` naming what is wrong and where.
    func load(_ file: String) throws -> ImportedFolderTree
}
