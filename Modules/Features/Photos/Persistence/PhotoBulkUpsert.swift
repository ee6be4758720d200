import GRDB
import GRDBSQLite
import KernelDomain
import KernelPersistence
import PhotosDomain

/// The refresh hot path: makes the cached list equal to a fetched one while
/// writing only what changed. Prepared statements, values bound with the
/// SQLite C API (as `SongBulkInsert` does for imports).
///
/// A reload of an unchanged list (the common case: JSONPlaceholder's data
/// never changes) writes no page at all, where deleting and re-inserting
/// every row would rewrite the table and its index (more SQLite time than
/// the fetch itself). A row whose album stays the same is updated without
/// naming `album_id`: SQLite rewrites the entries of every index on a column
/// an `UPDATE` sets, even to the same value. Rows the new list lacks are
/// deleted afterwards.
enum PhotoBulkUpsert {
    /// Throws on a repeated id (`PhotoRules.check` refuses those first),
    /// rather than merging the two rows: a cached id is taken by its first
    /// mention, so a second one is an insert, which fails on the key.
    static func replaceAll(with photos: PhotoList, _ db: Database) throws {
        var albums = try cachedAlbums(db)
        // The three statements number their parameters alike (?1 id, ?2
        // album, ?3 title, ?4 url, ?5 thumbnail), so one binding serves all.
        let statements = [
            "INSERT INTO photo (id, album_id, title, url, thumbnail_url) VALUES (?1, ?2, ?3, ?4, ?5)",
            """
            UPDATE photo SET title = ?3, url = ?4, thumbnail_url = ?5
            WHERE id = ?1 AND (title, url, thumbnail_url) IS NOT (?3, ?4, ?5)
            """,
            "UPDATE photo SET album_id = ?2, title = ?3, url = ?4, thumbnail_url = ?5 WHERE id = ?1",
        ]
        try RawStatement.withHandles(statements, db) { handles in
            let (insert, retitle, move) = (handles[0], handles[1], handles[2])
            for index in photos.indices {
                let id = photos.id(at: index), albumId = photos.albumId(at: index)
                let handle: SQLiteStatement
                switch albums.take(id) {
                case nil: handle = insert
                case albumId: handle = retitle
                default: handle = move
                }
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, Int64(id))
                sqlite3_bind_int64(handle, 2, Int64(albumId))
                do {
                    // The list's text is bound where it lies; the step reads it.
                    try photos.withTexts(at: index) { title, url, thumbnailUrl in
                        RawStatement.bindText(title, at: 3, handle)
                        RawStatement.bindText(url, at: 4, handle)
                        RawStatement.bindText(thumbnailUrl, at: 5, handle)
                        try RawStatement.step(handle, db)
                    }
                } catch let error as DatabaseError
                    where handle == insert && error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
                    throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "photo id \(id) appears twice in the list")
                }
            }
        }
        // Cached rows no fetched photo took are ones the new list dropped.
        let dropped = albums.untaken
        guard !dropped.isEmpty else { return }
        let ids = "[" + dropped.map(String.init).joined(separator: ",") + "]"
        try db.execute(sql: "DELETE FROM photo WHERE id IN (SELECT value FROM json_each(?))", arguments: [ids])
    }

    /// Each cached photo's album by id. SQLite reads them from
    /// `photo_by_album` alone, which holds both columns.
    private static func cachedAlbums(_ db: Database) throws -> CachedAlbums {
        try RawStatement.withHandles(["SELECT id, album_id FROM photo"], db) { handles in
            var ids: [Int] = [], albums: [Int] = []
            while try RawStatement.nextRow(handles[0], db) {
                ids.append(Int(sqlite3_column_int64(handles[0], 0)))
                albums.append(Int(sqlite3_column_int64(handles[0], 1)))
            }
            return CachedAlbums(ids: ids, albums: albums)
        }
    }
}
