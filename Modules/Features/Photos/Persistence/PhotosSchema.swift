import GRDB
import KernelDomain
import KernelPersistence
import PhotosDomain

/// Tables for the photo cache (seed 003). `photo` holds the last good list,
/// keyed by the API's id; `photo_fetch` is its one-row header (when and
/// from where it was fetched, how many). Both change only together, in the
/// transaction that replaces the list.
///
/// Self-contained: it creates everything it needs and touches no other
/// feature's tables, so it can move with the feature.
enum PhotosSchema {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE photo (
                id INTEGER PRIMARY KEY,
                album_id INTEGER NOT NULL,
                title TEXT NOT NULL,
                url TEXT NOT NULL,
                thumbnail_url TEXT NOT NULL
            );
            CREATE INDEX photo_by_album ON photo (album_id, id);
            CREATE INDEX photo_by_title ON photo (title COLLATE NOCASE, id);
            CREATE TABLE photo_fetch (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                fetched_at REAL NOT NULL,
                source TEXT NOT NULL,
                photo_count INTEGER NOT NULL
            );
            """)
    }

    /// `list_digest`: the fingerprint the source gave the cached list
    /// (`FetchedPhotos.fingerprint`), written in the same transaction as the
    /// rows; NULL when it gave none, and until the first refresh after the
    /// upgrade. A refresh whose fingerprint differs compares row by row.
    static func addListDigest(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE photo_fetch ADD COLUMN list_digest BLOB")
    }

    /// The title order is sorted when asked for instead of kept in an index:
    /// every refresh that changed titles rewrote `photo_by_title` entry by
    /// entry in random order (a large share of a reload that changed every
    /// title), while sorting the cached rows for
    /// a title-ordered page takes a few milliseconds, and only when a user
    /// sorts by title. A title filter (`LIKE '%…%'`) never used the index.
    static func dropTitleIndex(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX IF EXISTS photo_by_title")
    }
}
