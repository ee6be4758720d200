import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// Builds the SQL for one page of songs. Unfiltered position order reads a
/// key range (no OFFSET scan), so the last page of a million songs costs the
/// same as the first.
struct SongPageQuery {
    let playlist: Int64
    let query: SongQuery

    func fetch(_ db: Database) throws -> SongPage {
        let limit = max(0, query.limit)
        let offset = max(0, query.offset)
        let rows: RowCursor
        let total: Int
        if query.filter.isEmpty {
            total = try Int.fetchOne(
                db, sql: "SELECT song_count FROM playlist WHERE id = ?", arguments: [playlist]) ?? 0
            if query.sort == .position, !query.descending {
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT position, title, artist, cover, duration, location FROM song
                        WHERE playlist_id = ? AND position > ? ORDER BY position LIMIT ?
                        """,
                    arguments: [playlist, offset, limit])
            } else {
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT position, title, artist, cover, duration, location FROM song WHERE playlist_id = ?
                        ORDER BY \(orderBy) LIMIT ? OFFSET ?
                        """,
                    arguments: [playlist, limit, offset])
            }
        } else {
            // Case ignored as `CaseFolding` does (LIKE would fold ASCII only).
            let pattern = CaseFolding.fold(query.filter)
            let match = "playlist_id = ? AND (facet_contains(title, ?) OR facet_contains(artist, ?))"
            total = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM song WHERE \(match)", arguments: [playlist, pattern, pattern]) ?? 0
            rows = try Row.fetchCursor(
                db,
                sql: "SELECT position, title, artist, cover, duration, location FROM song WHERE \(match) ORDER BY \(orderBy) LIMIT ? OFFSET ?",
                arguments: [playlist, pattern, pattern, limit, offset])
        }
        // By index, in the SELECT's order: a lookup by name folds the name's
        // case for every column of every row.
        // Stepped through a cursor, each row decoded where it stands.
        var entries: [PlaylistEntry] = []
        entries.reserveCapacity(limit)
        while let row = try rows.next() {
            entries.append(PlaylistEntry(
                position: row[0],
                song: Song(title: row[1], artist: row[2], cover: row[3], duration: row[4], location: row[5])))
        }
        return SongPage(entries: entries, total: total, offset: offset)
    }

    private var orderBy: String {
        let direction = query.descending ? "DESC" : "ASC"
        return switch query.sort {
        case .position: "position \(direction)"
        case .title: "title COLLATE NOCASE \(direction), position"
        case .artist: "artist COLLATE NOCASE \(direction), position"
        // Unknown lengths (NULL) last either way.
        case .duration: "duration IS NULL, duration \(direction), position"
        }
    }
}
