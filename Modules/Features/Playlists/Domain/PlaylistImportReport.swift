/// Folders a directory import could not enter, and files whose tags it could
/// not read. None stops the import: the songs found elsewhere are kept, and
/// these are reported with them.
public struct SkippedFolders: Equatable, Sendable {
    /// Symbolic links leading back into a folder already being read
    /// (followed, they would never end).
    public var loops: [String]
    /// Folders that could not be listed (permission denied, vanished).
    public var unreadable: [String]
    /// Audio files whose tags could not be read (the reader crashed on them
    /// or did not finish in time): their songs are in, named after the file.
    public var unreadableFiles: [String]

    public init(loops: [String] = [], unreadable: [String] = [], unreadableFiles: [String] = []) {
        self.loops = loops
        self.unreadable = unreadable
        self.unreadableFiles = unreadableFiles
    }

    public var isEmpty: Bool { loops.isEmpty && unreadable.isEmpty && unreadableFiles.isEmpty }
}

/// The result of an import or an `add`: the playlist as stored afterwards,
/// how many songs came in, and what was skipped on the way.
public struct PlaylistImportReport: Equatable, Sendable {
    public var playlist: PlaylistSummary
    public var added: Int
    public var skipped: SkippedFolders

    public init(playlist: PlaylistSummary, added: Int, skipped: SkippedFolders = SkippedFolders()) {
        self.playlist = playlist
        self.added = added
        self.skipped = skipped
    }
}
