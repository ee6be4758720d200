import GRDB

/// Tables of the undo journal. A change names its playlist by id without a
/// foreign key, so the record of a deletion outlives the playlist; the songs
/// a change took away are kept beside it until the change is undone or
/// falls out of the journal.
enum PlaylistJournalSchema {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE playlist_change (
                id INTEGER PRIMARY KEY,
                playlist_id INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('remove', 'move', 'rename', 'delete')),
                name TEXT NOT NULL,
                positions TEXT NOT NULL DEFAULT '[]',
                targets TEXT NOT NULL DEFAULT '[]',
                source TEXT,
                format TEXT,
                imported_at REAL
            );
            CREATE INDEX playlist_change_by_playlist ON playlist_change (playlist_id, id);
            CREATE TABLE playlist_change_song (
                change_id INTEGER NOT NULL REFERENCES playlist_change(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                cover TEXT NOT NULL,
                duration INTEGER,
                location TEXT,
                PRIMARY KEY (change_id, position)
            ) WITHOUT ROWID;
            """)
    }
}
