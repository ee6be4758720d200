import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// The store's side of `add` and `export`.
extension SQLitePlaylistStore {
    public func append(_ songs: [Song], to playlist: Int64) async throws -> PlaylistSummary {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE id = ?", arguments: [playlist]) else {
                throw PlaylistError.notFound("#\(playlist)")
            }
            var summary = Self.summary(row)
            // Positions are contiguous from 1, so the last one is the count
            // (kept by every write in the same transaction as the songs).
            try SongBulkInsert.insert(songs, into: playlist, after: summary.songCount, db)
            try db.execute(
                sql: "UPDATE playlist SET song_count = song_count + ? WHERE id = ?", arguments: [songs.count, playlist])
            summary.songCount += songs.count
            return summary
        }
    }

    /// Keyset paging on the primary key (playlist, position) inside one read
    /// transaction: each batch is an index range, never an OFFSET scan.
    public func forEachBatch(
        of playlist: Int64, batch: Int, _ body: @escaping @Sendable ([Song]) throws -> Void
    ) async throws {
        try await database.read { db in
            let statement = try db.makeStatement(sql: """
                SELECT position, title, artist, cover, location, duration FROM song
                WHERE playlist_id = ? AND position > ? ORDER BY position LIMIT ?
                """)
            var after = 0
            while true {
                var songs: [Song] = []
                songs.reserveCapacity(batch)
                let rows = try Row.fetchCursor(statement, arguments: [playlist, after, max(1, batch)])
                // By index, in the SELECT's order: no column is looked up
                // by its name for each of thousands of rows.
                while let row = try rows.next() {
                    after = row[0]
                    songs.append(Song(
                        title: row[1], artist: row[2], cover: row[3] ?? "", duration: row[5], location: row[4]))
                }
                if songs.isEmpty { return }
                try body(songs)
                if songs.count < batch { return }
            }
        }
    }

    public func songReferences(of playlist: Int64) async throws -> [SongReference] {
        try await database.read { db in
            let statement = try db.makeStatement(sql: "SELECT location, title FROM song WHERE playlist_id = ? ORDER BY position")
            var references: [SongReference] = []
            let rows = try Row.fetchCursor(statement, arguments: [playlist])
            while let row = try rows.next() {
                references.append(SongReference(location: row[0], name: row[1]))
            }
            return references
        }
    }
}
