import KernelDomain

/// Raw playlist material as a source delivers it, before any parsing.
public enum PlaylistMaterial: Sendable {
    /// A file's bytes. `name` is what errors call it (usually the path).
    case file(name: String, bytes: [UInt8])
    /// A directory's files, its subfolders' included, as paths relative to
    /// it (`sub/deep.ogg`), each folder's entries in name order; `skipped`
    /// names the folders that could not be entered.
    case directory(name: String, entries: [String], skipped: SkippedFolders)

    public var name: String {
        switch self {
        case .file(let name, _), .directory(let name, _, _): name
        }
    }

    /// Folders a directory listing could not enter (none for a file).
    public var skipped: SkippedFolders {
        if case .directory(_, _, let skipped) = self { return skipped }
        return SkippedFolders()
    }
}

/// Fetches playlist material from somewhere (seed 001's `SongFetcherProtocol`).
public protocol PlaylistSource: Sendable {
    /// The location as it should be fetched, stored and shown: for files an
    /// absolute path (`road.m3u` typed in `/home/ada` is `/home/ada/road.m3u`),
    /// so a stored source still names the file from any other directory.
    /// Only the source knows what "current directory" means.
    func resolve(_ location: String) -> String
    func fetch(_ location: String) async throws -> PlaylistMaterial
}

/// Turns material of one format into songs (seed 001's `SongParserProtocol`).
public protocol SongParser: Sendable {
    /// Short name of the format (`json`, `m3u`, `directory`).
    var format: String { get }
    /// Whether this parser should handle the material.
    func accepts(_ material: PlaylistMaterial) -> Bool
    /// All songs, or a `PlaylistError.parse` naming where and why.
    func parse(_ material: PlaylistMaterial) throws -> [Song]
    /// `parse`, also naming what could not be read on the way without
    /// failing the whole (a file whose tags could not be read).
    func parseReporting(_ material: PlaylistMaterial) throws -> (songs: [Song], skipped: SkippedFolders)
}

extension SongParser {
    public func parseReporting(_ material: PlaylistMaterial) throws -> (songs: [Song], skipped: SkippedFolders) {
        (try parse(material), SkippedFolders())
    }
}

/// Stores playlists and their songs. Songs are only ever read a page at a time.
public protocol PlaylistStore: Sendable {
    /// The playlists matching `query.filter`, in its order (filtered and
    /// sorted by the store, where the data lives).
    func playlists(_ query: PlaylistListQuery) async throws -> [PlaylistSummary]
    func playlist(named name: String) async throws -> PlaylistSummary?
    /// Creates the playlist with all its songs in one transaction: either all
    /// is stored or nothing is. Throws `duplicateName` if the name is taken.
    func create(name: String, source: String, format: String, songs: [Song]) async throws -> PlaylistSummary
    func songs(in playlist: Int64, _ query: SongQuery) async throws -> SongPage
    func removeSong(in playlist: Int64, at position: Int) async throws
    func moveSong(in playlist: Int64, from: Int, to: Int) async throws
    /// Removes the songs at `positions` in one transaction (all or none);
    /// the rest close up, so positions stay 1…n.
    func removeSongs(in playlist: Int64, at positions: [Int]) async throws
    /// Moves the song at `pick[i]` to `place[i]` (both ascending, the same
    /// count) in one transaction; the other songs keep their order.
    func reorder(in playlist: Int64, pick: [Int], place: [Int]) async throws
    /// The latest undoable change of `playlist`, or of any playlist when nil.
    func lastChange(of playlist: Int64?) async throws -> PlaylistChange?
    /// Reverts the latest change of `playlist` (of any when nil) and forgets
    /// it, finding it in the same transaction: the change and the playlist
    /// as it then is. Throws `nothingToUndo` when the journal has none.
    func undoLast(of playlist: Int64?) async throws -> (change: PlaylistChange, playlist: PlaylistSummary)
    func rename(_ playlist: Int64, to name: String) async throws
    func delete(_ playlist: Int64) async throws
    /// Appends `songs` after the playlist's last song in one transaction:
    /// all of them are added or none. Returns the playlist as it then is.
    func append(_ songs: [Song], to playlist: Int64) async throws -> PlaylistSummary
    /// Calls `body` with every song of the playlist in position order, in
    /// batches of at most `batch`, all read from one consistent state of
    /// the store (an edit made meanwhile is either wholly in or wholly out).
    func forEachBatch(of playlist: Int64, batch: Int, _ body: @escaping @Sendable ([Song]) throws -> Void) async throws
    /// Every song of the playlist as the music engine gets it (its location
    /// and the title a report names it by), in position order, in one read:
    /// only the two columns, since a playlist of tens of thousands is read
    /// whole each time it is played.
    func songReferences(of playlist: Int64) async throws -> [SongReference]
}

extension PlaylistStore {
    /// Every playlist by name.
    public func playlists() async throws -> [PlaylistSummary] { try await playlists(PlaylistListQuery()) }
}
