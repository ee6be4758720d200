import GRDB
import PlaylistsDomain

/// The position arithmetic behind removing, moving and putting back several
/// songs at once, each in a few set-based statements so positions stay
/// dense (1…n) whatever was marked. Position lists are bound as JSON arrays
/// and read with `json_each`. Rows never collide with the primary key:
/// they pass through negative numbers first, then flip back.
enum SongPositions {
    /// Deletes the songs at `positions` (ascending, distinct); the rest close up.
    static func remove(_ positions: [Int], from playlist: Int64, _ db: Database) throws {
        guard let first = positions.first else { return }
        let list = json(positions)
        try db.execute(
            sql: "DELETE FROM song WHERE playlist_id = ? AND position IN (SELECT value FROM json_each(?))",
            arguments: [playlist, list])
        guard db.changesCount == positions.count else {
            throw PlaylistError.songNotFound(playlist: try SQLitePlaylistStore.name(of: playlist, db), position: first)
        }
        if positions.count == 1 {
            // One song (the usual case): a plain shift, with no list to read per row.
            try SQLitePlaylistStore.shift(playlist, from: first + 1, through: Int.max, by: -1, db)
            return
        }
        try db.execute(
            sql: """
                UPDATE song SET position = -(position - (SELECT count(*) FROM json_each(?) AS j WHERE j.value < song.position))
                WHERE playlist_id = ? AND position > ?
                """,
            arguments: [list, playlist, first])
        try flip(playlist, db)
    }

    /// Opens gaps at `positions` (ascending, distinct, as they will be once
    /// filled): a song now ranked r moves to r plus the number of gaps that
    /// come before it. The caller fills the gaps.
    static func openGaps(at positions: [Int], in playlist: Int64, _ db: Database) throws {
        guard let first = positions.first else { return }
        if positions.count == 1 {
            try SQLitePlaylistStore.shift(playlist, from: first, through: Int.max, by: 1, db)
            return
        }
        try db.execute(
            sql: """
                UPDATE song SET position = -(position + (SELECT count(*) FROM json_each(?) AS j WHERE j.value <= song.position))
                WHERE playlist_id = ? AND position >= ?
                """,
            arguments: [json(thresholds(positions)), playlist, first])
        try flip(playlist, db)
    }

    /// Moves the song at `pick[i]` to `place[i]` (both ascending, the same
    /// count); the other songs keep their order around them. Only the rows
    /// between the first and last position involved are rewritten.
    static func reorder(pick: [Int], place: [Int], in playlist: Int64, _ db: Database) throws {
        guard pick != place, let low = [pick.first, place.first].compactMap({ $0 }).min(),
              let high = [pick.last, place.last].compactMap({ $0 }).max() else { return }
        for (from, to) in zip(pick, place) {
            try db.execute(
                sql: "UPDATE song SET position = ? WHERE playlist_id = ? AND position = ?", arguments: [-to, playlist, from])
            guard db.changesCount == 1 else {
                throw PlaylistError.songNotFound(playlist: try SQLitePlaylistStore.name(of: playlist, db), position: from)
            }
        }
        if let from = pick.first, let to = place.first, pick.count == 1 {
            // One song: the ones it passes shift one place towards its old one.
            try SQLitePlaylistStore.shift(
                playlist, from: from < to ? from + 1 : to, through: from < to ? to : from - 1, by: from < to ? -1 : 1, db)
            return
        }
        // Several songs: a song not picked has rank r among the songs not picked, and lands
        // at r plus the number of placed songs that come before it.
        try db.execute(
            sql: """
                UPDATE song SET position = -(
                    (position - (SELECT count(*) FROM json_each(?1) AS p WHERE p.value < song.position))
                    + (SELECT count(*) FROM json_each(?2) AS t
                       WHERE t.value <= song.position - (SELECT count(*) FROM json_each(?1) AS p WHERE p.value < song.position)))
                WHERE playlist_id = ?3 AND position BETWEEN ?4 AND ?5
                """,
            arguments: [json(pick), json(thresholds(place)), playlist, low, high])
        try flip(playlist, db)
    }

    /// `place[i] - i`: a song of rank r comes after the i-th placed song
    /// exactly when this is at most r.
    static func thresholds(_ place: [Int]) -> [Int] { place.enumerated().map { $0.element - $0.offset } }

    static func json(_ positions: [Int]) -> String { "[" + positions.map(String.init).joined(separator: ",") + "]" }

    static func flip(_ playlist: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE song SET position = -position WHERE playlist_id = ? AND position < 0", arguments: [playlist])
    }
}
