import Domain
import GRDB
import GRDBSQLite

/// The refresh hot path: one prepared statement, values bound with the
/// SQLite C API (as `SongBulkInsert` does for imports), so storing 5,000
/// photos costs little next to fetching them.
enum PhotoBulkInsert {
    /// SQLite's SQLITE_TRANSIENT (a macro Swift does not import): copy the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func insert(_ photos: [Photo], _ db: Database) throws {
        let statement = try db.makeStatement(
            sql: "INSERT INTO photo (id, album_id, title, url, thumbnail_url) VALUES (?, ?, ?, ?, ?)")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        for photo in photos {
            sqlite3_reset(handle)
            sqlite3_bind_int64(handle, 1, Int64(photo.id))
            sqlite3_bind_int64(handle, 2, Int64(photo.albumId))
            bind(photo.title, 3, handle)
            bind(photo.url, 4, handle)
            bind(photo.thumbnailUrl, 5, handle)
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    private static func bind(_ text: String, _ index: Int32, _ handle: SQLiteStatement) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no address; SQLite wants a pointer for "".
                if let base = chars.baseAddress {
                    _ = sqlite3_bind_text(handle, index, base, Int32(chars.count), transient)
                } else {
                    _ = sqlite3_bind_text(handle, index, "", 0, transient)
                }
            }
        }
    }
}
