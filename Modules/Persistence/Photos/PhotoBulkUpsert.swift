import Domain
import GRDB
import GRDBSQLite

/// The refresh hot path: makes the cached list equal to a fetched one while
/// writing only what changed. Prepared statements, values bound with the
/// SQLite C API (as `SongBulkInsert` does for imports).
///
/// A reload of an unchanged list (the common case: JSONPlaceholder's data
/// never changes) writes no page at all; deleting and re-inserting all 5,000
/// rows rewrote the table and its index (1 MB of WAL, more SQLite time than
/// the fetch). A row whose album stays the same is updated without naming
/// `album_id`: SQLite rewrites the entries of every index on a column an
/// `UPDATE` sets, even to the same value (measured: a third of the cost of
/// rewriting every title). Rows the new list lacks are deleted afterwards.
enum PhotoBulkUpsert {
    /// Throws on a repeated id (`PhotoRules.check` refuses those first):
    /// an update would merge the two silently.
    static func replaceAll(with photos: [Photo], _ db: Database) throws {
        var seen = Set<Int>(minimumCapacity: photos.count)
        for index in photos.indices where !seen.insert(photos[index].id).inserted {
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "photo id \(photos[index].id) appears twice in the list")
        }
        let albums = try cachedAlbums(db)
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
        let kept = try RawStatement.withHandles(statements, db) { handles in
            let (insert, retitle, move) = (handles[0], handles[1], handles[2])
            var kept = 0
            for index in photos.indices {
                let photo = photos[index]
                let handle: SQLiteStatement
                switch albums[photo.id] {
                case nil: handle = insert
                case photo.albumId: handle = retitle; kept += 1
                default: handle = move; kept += 1
                }
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, Int64(photo.id))
                sqlite3_bind_int64(handle, 2, Int64(photo.albumId))
                RawStatement.bind(photo.title, 3, handle)
                RawStatement.bind(photo.url, 4, handle)
                RawStatement.bind(photo.thumbnailUrl, 5, handle)
                try RawStatement.step(handle, db)
            }
            return kept
        }
        // Every cached row the new list names was kept; any other is one it dropped.
        guard kept != albums.count else { return }
        let ids = "[" + photos.map { String($0.id) }.joined(separator: ",") + "]"
        try db.execute(sql: "DELETE FROM photo WHERE id NOT IN (SELECT value FROM json_each(?))", arguments: [ids])
    }

    /// Each cached photo's album by id: which statement a fetched row needs.
    /// SQLite reads it from `photo_by_album` alone, which holds both columns.
    private static func cachedAlbums(_ db: Database) throws -> [Int: Int] {
        try RawStatement.withHandles(["SELECT id, album_id FROM photo"], db) { handles in
            var albums: [Int: Int] = [:]
            while try RawStatement.nextRow(handles[0], db) {
                albums[Int(sqlite3_column_int64(handles[0], 0))] = Int(sqlite3_column_int64(handles[0], 1))
            }
            return albums
        }
    }
}
