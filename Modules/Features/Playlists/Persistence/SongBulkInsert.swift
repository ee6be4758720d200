import GRDB
import GRDBSQLite
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// The import hot path: one prepared statement, values bound with the
/// SQLite C API directly. Measured on a million songs: GRDB's
/// `StatementArguments` per row cost more than SQLite's own work, so this is
/// the one place Facet drops below GRDB.
enum SongBulkInsert {
    /// Inserts `songs` at positions `after + 1`, `after + 2`, …
    static func insert(_ songs: [Song], into playlist: Int64, after: Int = 0, _ db: Database) throws {
        // Growing the song table and its two indexes at once, SQLite's default
        // page cache spills pages to the WAL again and again, writing the same
        // pages several times. A cache sized to the import for its duration
        // keeps each page in memory until commit.
        let cacheKiB = min(1 << 20, max(2048, songs.count / 4))
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
        // Songs already in the playlist are in the indexes too: an append
        // weighs them like any other playlist's.
        let deferral = try SongIndexDeferral.begin(
            importing: songs.count, into: after == 0 ? playlist : nil, db)
        let insert = """
            INSERT INTO song (playlist_id, position, title, artist, cover, location, duration)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """
        try RawStatement.withHandles([insert], db) { handles in
            let handle = handles[0]
            var position = Int64(after)
            for song in songs {
                position += 1
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, playlist)
                sqlite3_bind_int64(handle, 2, position)
                if let duration = song.duration {
                    sqlite3_bind_int64(handle, 7, Int64(duration))
                } else {
                    sqlite3_bind_null(handle, 7)
                }
                try RawStatement.withText(song.title, at: 3, handle) {
                    try RawStatement.withText(song.artist, at: 4, handle) {
                        try RawStatement.withText(song.cover, at: 5, handle) {
                            try RawStatement.withText(song.location, at: 6, handle) { try RawStatement.step(handle, db) }
                        }
                    }
                }
            }
        }
        try deferral.finish(db)
    }
}
