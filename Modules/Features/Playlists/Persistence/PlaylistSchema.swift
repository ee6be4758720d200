import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// Tables for playlists. Songs are keyed by (playlist, position) so the
/// default order is the primary key and any page is an index range lookup,
/// flat at any playlist size; title and artist have indexes for sorting.
enum PlaylistSchema {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE playlist (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                source TEXT NOT NULL,
                format TEXT NOT NULL,
                imported_at REAL NOT NULL,
                song_count INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE song (
                playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                cover TEXT NOT NULL,
                PRIMARY KEY (playlist_id, position)
            ) WITHOUT ROWID;
            CREATE INDEX song_by_title ON song (playlist_id, title COLLATE NOCASE, position);
            CREATE INDEX song_by_artist ON song (playlist_id, artist COLLATE NOCASE, position);
            """)
    }

    /// v3: a song's length in whole seconds (from M3U `#EXTINF`) and where
    /// its audio is (a path or URL), NULL when the source did not say; songs
    /// stored before it have NULL. The cover has been stored since v1.
    static func addSongDetails(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE song ADD COLUMN duration INTEGER CHECK (duration IS NULL OR duration >= 0);
            ALTER TABLE song ADD COLUMN location TEXT;
            """)
    }
}
