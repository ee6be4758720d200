import Domain
import GRDB
import GRDBSQLite

/// The refresh hot path: makes the cached list equal to a fetched one while
/// writing only what changed. One prepared statement, values bound with the
/// SQLite C API (as `SongBulkInsert` does for imports).
///
/// A reload of an unchanged list (the common case: JSONPlaceholder's data
/// never changes) writes no page at all; deleting and re-inserting all 5,000
/// rows rewrote the table and both indexes (1 MB of WAL, 12–20 ms of SQLite,
/// more than the fetch). Rows the new list lacks are deleted afterwards.
enum PhotoBulkUpsert {
    /// Throws on a repeated id (`PhotoRules.check` refuses those first):
    /// an upsert would merge the two silently.
    static func replaceAll(with photos: [Photo], _ db: Database) throws {
        var seen = Set<Int>(minimumCapacity: photos.count)
        for index in photos.indices where !seen.insert(photos[index].id).inserted {
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "photo id \(photos[index].id) appears twice in the list")
        }
        let statement = try db.makeStatement(sql: """
            INSERT INTO photo (id, album_id, title, url, thumbnail_url) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                album_id = excluded.album_id, title = excluded.title,
                url = excluded.url, thumbnail_url = excluded.thumbnail_url
            WHERE (album_id, title, url, thumbnail_url)
                IS NOT (excluded.album_id, excluded.title, excluded.url, excluded.thumbnail_url)
            """)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        for index in photos.indices {
            sqlite3_reset(handle)
            sqlite3_bind_int64(handle, 1, Int64(photos[index].id))
            sqlite3_bind_int64(handle, 2, Int64(photos[index].albumId))
            RawStatement.bind(photos[index].title, 3, handle)
            RawStatement.bind(photos[index].url, 4, handle)
            RawStatement.bind(photos[index].thumbnailUrl, 5, handle)
            try RawStatement.step(handle, db)
        }
        // Every fetched id is now a row, so any extra row is one the new
        // list dropped; counting (an index walk) says whether there are any.
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo") ?? 0
        guard count != photos.count else { return }
        let ids = "[" + photos.map { String($0.id) }.joined(separator: ",") + "]"
        try db.execute(sql: "DELETE FROM photo WHERE id NOT IN (SELECT value FROM json_each(?))", arguments: [ids])
    }
}
