import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// The playlists feature's schema changes, oldest first. An identifier,
/// once shipped, is permanent (existing databases recorded it); new
/// migrations are appended here and to the feature's `migrations`.
extension Migration {
    public static let playlistsV1 = Migration("v1-playlists", body: PlaylistSchema.create)

    /// A song's length in seconds and where its audio is (M3U entries,
    /// directory files): read by the parsers and kept (contract 2).
    public static let playlistSongDetailsV3 = Migration("v3-song-details", body: PlaylistSchema.addSongDetails)

    /// The undo journal: the last edits of each playlist, kept in the
    /// database so a later process (the next CLI command) can undo them.
    public static let playlistJournalV8 = Migration("v8-playlist-journal", body: PlaylistJournalSchema.create)
}

extension Migrations {
    /// The playlists feature's migrations, in the order a fresh database runs them.
    public static let playlists: [Migration] = [.playlistsV1, .playlistSongDetailsV3]

    /// Added after every feature had shipped its first migrations, so they
    /// run after all of those (see `Feature.laterMigrations`).
    public static let playlistsLater: [Migration] = [.playlistJournalV8]
}
