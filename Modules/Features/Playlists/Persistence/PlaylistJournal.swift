import Foundation
import GRDB
import PlaylistsDomain

/// Writes and reads the undo journal, always inside the transaction of the
/// edit it records, so an edit and its journal entry commit together.
enum PlaylistJournal {
    /// How many changes the journal keeps (all playlists together); older
    /// ones, and the songs they hold, are dropped.
    static let depth = 50

    /// Records a change and returns its id (songs it took away are then
    /// saved under that id with `saveSongs`).
    @discardableResult
    static func record(
        _ kind: PlaylistChange.Kind, playlist: Int64, name: String, positions: [Int] = [], targets: [Int] = [],
        _ db: Database
    ) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO playlist_change (playlist_id, kind, name, positions, targets) VALUES (?, ?, ?, ?, ?)",
            arguments: [playlist, kind.rawValue, name, SongPositions.json(positions), SongPositions.json(targets)])
        let id = db.lastInsertedRowID
        try db.execute(sql: "DELETE FROM playlist_change WHERE id <= ?", arguments: [id - Int64(depth)])
        return id
    }

    /// Copies the songs at `positions` (all songs when nil) into the journal.
    static func saveSongs(of playlist: Int64, at positions: [Int]?, into change: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO playlist_change_song (change_id, position, title, artist, cover, duration, location)
                SELECT ?, position, title, artist, cover, duration, location FROM song
                WHERE playlist_id = ? AND (? IS NULL OR position IN (SELECT value FROM json_each(?)))
                """,
            arguments: [change, playlist, positions.map(SongPositions.json), positions.map(SongPositions.json)])
    }

    /// The latest change of `playlist`, or of any playlist when nil.
    static func last(of playlist: Int64?, _ db: Database) throws -> PlaylistChange? {
        try lastRow(of: playlist, db).map(change)
    }

    /// The journal row of that change, with what undoing it needs.
    static func lastRow(of playlist: Int64?, _ db: Database) throws -> Row? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM playlist_change WHERE ?1 IS NULL OR playlist_id = ?1 ORDER BY id DESC LIMIT 1",
            arguments: [playlist])
    }

    static func change(_ row: Row) -> PlaylistChange {
        PlaylistChange(
            id: row["id"], playlist: row["playlist_id"], kind: PlaylistChange.Kind(rawValue: row["kind"]) ?? .rename,
            name: row["name"], positions: positions(row["positions"]))
    }

    static func positions(_ json: String) -> [Int] {
        json.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").compactMap { Int($0) }
    }

    /// A new playlist may reuse the id of a deleted one: the dead playlist's
    /// entries must not be taken for the new one's.
    static func forget(_ playlist: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM playlist_change WHERE playlist_id = ?", arguments: [playlist])
    }
}

extension PlaylistJournal {
    /// Records a deletion with everything needed to bring the playlist back.
    static func recordDeletion(of playlist: Int64, _ db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE id = ?", arguments: [playlist]) else { return }
        let change = try record(.delete, playlist: playlist, name: row["name"], db)
        try db.execute(
            sql: "UPDATE playlist_change SET source = ?, format = ?, imported_at = ? WHERE id = ?",
            arguments: [row["source"] as String, row["format"] as String, row["imported_at"] as Double, change])
        try saveSongs(of: playlist, at: nil, into: change, db)
    }
}
