/// Writes a folder's whole tree in ncdu's JSON export format (`ncdu -o`),
/// so `ncdu -f FILE` (or `facet folders --import FILE`) can browse it
/// without the disk.
public protocol FolderExporter: Sendable {
    /// Walks `path` like a scan (hard links once, other file systems not
    /// entered unless `crossDevices`) and writes it to `file`, replacing it
    /// only once the export is complete. Throws a `FolderError`.
    func export(_ path: String, to file: String, options: FolderScanOptions) async throws -> FolderExportSummary
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
