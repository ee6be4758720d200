import Domain
import GRDB
import GRDBSQLite

/// The import hot path: one prepared statement, values bound with the
/// SQLite C API directly. Measured on a million songs: GRDB's
/// `StatementArguments` per row cost more than SQLite's own work, so this is
/// the one place Facet drops below GRDB.
enum SongBulkInsert {
    /// SQLite's SQLITE_TRANSIENT (a macro Swift does not import): copy the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func insert(_ songs: [Song], into playlist: Int64, _ db: Database) throws {
        // Growing the song table and its two indexes at once, SQLite's default
        // 2 MiB page cache spills pages to the WAL again and again (measured:
        // four times the database's size written). A cache sized to the import
        // for its duration keeps each page in memory until commit.
        let cacheKiB = min(1 << 20, max(2048, songs.count / 4))
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
        let deferral = try SongIndexDeferral.begin(importing: songs.count, into: playlist, db)
        let statement = try db.makeStatement(
            sql: "INSERT INTO song (playlist_id, position, title, artist, cover, duration, location) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let handle = statement.sqliteStatement
        var position: Int64 = 0
        for song in songs {
            position += 1
            sqlite3_reset(handle)
            sqlite3_bind_int64(handle, 1, playlist)
            sqlite3_bind_int64(handle, 2, position)
            bind(song.title, 3, handle)
            bind(song.artist, 4, handle)
            bind(song.cover, 5, handle)
            if let duration = song.duration {
                sqlite3_bind_int64(handle, 6, Int64(duration))
            } else {
                sqlite3_bind_null(handle, 6)
            }
            if let location = song.location {
                bind(location, 7, handle)
            } else {
                sqlite3_bind_null(handle, 7)
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
        sqlite3_reset(handle)
        try deferral.finish(db)
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
