import Foundation
import GRDB
import KernelDomain
import PlaylistsDomain

/// Edits of several songs at once, and undoing the journalled edits.
extension SQLitePlaylistStore {
    public func removeSongs(in playlist: Int64, at positions: [Int]) async throws {
        let positions = Array(Set(positions)).sorted()
        try await database.write { db in
            let change = try PlaylistJournal.record(
                .remove, playlist: playlist, name: try Self.name(of: playlist, db), positions: positions, db)
            try PlaylistJournal.saveSongs(of: playlist, at: positions, into: change, db)
            try SongPositions.remove(positions, from: playlist, db)
            try db.execute(
                sql: "UPDATE playlist SET song_count = song_count - ? WHERE id = ?", arguments: [positions.count, playlist])
        }
    }

    public func reorder(in playlist: Int64, pick: [Int], place: [Int]) async throws {
        guard pick != place else { return }
        try await database.write { db in
            try SongPositions.reorder(pick: pick, place: place, in: playlist, db)
            try PlaylistJournal.record(
                .move, playlist: playlist, name: try Self.name(of: playlist, db), positions: pick, targets: place, db)
        }
    }

    public func lastChange(of playlist: Int64?) async throws -> PlaylistChange? {
        try await database.read { db in try PlaylistJournal.last(of: playlist, db) }
    }

    /// The latest change is found and reverted in the same write
    /// transaction: another process undoing at the same moment waits for
    /// this one and then finds the change before it, so no two undos revert
    /// the same change and none is skipped.
    public func undoLast(of playlist: Int64?) async throws -> (change: PlaylistChange, playlist: PlaylistSummary) {
        try await database.write { db in
            guard let row = try PlaylistJournal.lastRow(of: playlist, db) else { throw PlaylistError.nothingToUndo }
            let change = PlaylistJournal.change(row)
            return (change, try Self.revert(change, row, db))
        }
    }

    /// Reverts one journalled change and forgets it; the playlist as it then is.
    static func revert(_ change: PlaylistChange, _ row: Row, _ db: Database) throws -> PlaylistSummary {
        var playlist = change.playlist
        switch change.kind {
        case .remove:
            try putBack(change.id, positions: change.positions, into: playlist, db)
        case .move:
            let targets = PlaylistJournal.positions(row["targets"])
            try SongPositions.reorder(pick: targets, place: change.positions, in: playlist, db)
        case .rename:
            try refuseTaken(change.name, except: playlist, db)
            try db.execute(sql: "UPDATE playlist SET name = ? WHERE id = ?", arguments: [change.name, playlist])
        case .delete:
            playlist = try restore(row, db)
        }
        try db.execute(sql: "DELETE FROM playlist_change WHERE id = ?", arguments: [change.id])
        guard let restored = try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE id = ?", arguments: [playlist]) else {
            throw PlaylistError.notFound(change.name)
        }
        return summary(restored)
    }

    /// Puts removed songs back at their old positions, the songs after them
    /// moving down to make room.
    static func putBack(_ change: Int64, positions: [Int], into playlist: Int64, _ db: Database) throws {
        let count = try Int.fetchOne(db, sql: "SELECT song_count FROM playlist WHERE id = ?", arguments: [playlist])
        guard let count else { throw PlaylistError.nothingToUndo }
        // Each gap must fall inside the playlist as it will be.
        if let last = positions.last, last > count + positions.count { throw PlaylistError.nothingToUndo }
        try SongPositions.openGaps(at: positions, in: playlist, db)
        try db.execute(
            sql: """
                INSERT INTO song (playlist_id, position, title, artist, cover, duration, location)
                SELECT ?, position, title, artist, cover, duration, location FROM playlist_change_song WHERE change_id = ?
                """,
            arguments: [playlist, change])
        try db.execute(
            sql: "UPDATE playlist SET song_count = song_count + ? WHERE id = ?", arguments: [positions.count, playlist])
    }

    /// Brings a deleted playlist back under a new id (its old one may have
    /// been reused), with its songs; its older journal entries follow it.
    static func restore(_ change: Row, _ db: Database) throws -> Int64 {
        let name: String = change["name"]
        try refuseTaken(name, except: nil, db)
        let changeID: Int64 = change["id"]
        let songs = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM playlist_change_song WHERE change_id = ?", arguments: [changeID]) ?? 0
        try db.execute(
            sql: "INSERT INTO playlist (name, source, format, imported_at, song_count) VALUES (?, ?, ?, ?, ?)",
            arguments: [name, change["source"] as String? ?? "", change["format"] as String? ?? "",
                        change["imported_at"] as Double? ?? Date().timeIntervalSince1970, songs])
        let id = db.lastInsertedRowID
        try db.execute(
            sql: """
                INSERT INTO song (playlist_id, position, title, artist, cover, duration, location)
                SELECT ?, position, title, artist, cover, duration, location FROM playlist_change_song WHERE change_id = ?
                """,
            arguments: [id, changeID])
        let old: Int64 = change["playlist_id"]
        if id != old {
            // Entries left under the new id belong to another dead playlist.
            try PlaylistJournal.forget(id, db)
            try db.execute(sql: "UPDATE playlist_change SET playlist_id = ? WHERE playlist_id = ?", arguments: [id, old])
        }
        return id
    }
}
