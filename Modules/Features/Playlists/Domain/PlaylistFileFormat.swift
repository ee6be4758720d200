/// The file formats a playlist is exported to, chosen by the file's
/// extension (the same ones import reads, so an export imports back).
public enum PlaylistFileFormat: String, Sendable, CaseIterable {
    /// Extended M3U in UTF-8 (`.m3u`, `.m3u8`).
    case m3u
    /// The seed's `{"result": […]}` JSON (`.json`).
    case json

    /// By extension, case-insensitively; nil for any other name.
    public init?(exportPath path: String) {
        let last = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if last.hasSuffix(".m3u") || last.hasSuffix(".m3u8") {
            self = .m3u
        } else if last.hasSuffix(".json") {
            self = .json
        } else {
            return nil
        }
    }
}

/// What an export wrote.
public struct PlaylistExportSummary: Equatable, Sendable {
    /// The absolute path written.
    public var file: String
    public var format: PlaylistFileFormat
    public var songs: Int

    public init(file: String, format: PlaylistFileFormat, songs: Int) {
        self.file = file
        self.format = format
        self.songs = songs
    }
}

/// Writes playlist files. An export is begun, fed songs in order a batch at
/// a time (a large playlist is never held whole), then committed: only a
/// committed export changes anything at its path.
public protocol PlaylistExporter: Sendable {
    /// Checks the target and opens the write; throws (writing nothing) when
    /// the path may not be written, or holds a file and `replacing` is false.
    func begin(_ file: String, format: PlaylistFileFormat, replacing: Bool) throws -> any PlaylistExportFile
    /// The size of the regular file an export to `file` would replace; nil
    /// when there is none (then nothing is overwritten and nobody is asked).
    func existing(_ file: String) -> Int64?
}

/// One export being written.
public protocol PlaylistExportFile: AnyObject, Sendable {
    func write(_ songs: [Song]) throws
    /// Moves the complete file into place.
    func commit() throws
    /// Drops what was written; the target stays as it was.
    func abandon()
}
