import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// A large import fills the song table without its secondary indexes and
/// builds them afterwards, in the same transaction.
///
/// Why: inserting a million songs one by one into the title and artist
/// indexes lands each entry at a random place in a B-tree, a tree descent
/// with NOCASE comparisons per row, which dominates an import. `CREATE
/// INDEX` sorts the entries once and writes the tree bottom up. It rebuilds the index
/// over *every* playlist's songs, though, so it is only worth it when the
/// import is at least as large as what is already stored.
///
/// Durability is unchanged: the drop, the inserts and the rebuild are one
/// transaction, so a crash (kill -9) anywhere rolls all of it back and a
/// reader (WAL) keeps seeing the old indexes until the commit.
struct SongIndexDeferral {
    /// Each deferred index's CREATE statement, as SQLite stored it (so a
    /// later migration's index is rebuilt exactly as it declared it).
    let statements: [String]

    /// Below this many songs the per-row inserts are cheap enough, and a
    /// schema change (which makes every other connection re-prepare its
    /// statements) is not worth it.
    static let minimumSongs = 10_000

    /// Drops the song table's indexes if `count` new songs for `playlist`
    /// are at least `minimumSongs` and at least as many as the other
    /// playlists hold together (all playlists when `playlist` is nil: songs
    /// appended to one that has some); else defers nothing.
    static func begin(importing count: Int, into playlist: Int64?, _ db: Database) throws -> SongIndexDeferral {
        guard count >= minimumSongs else { return SongIndexDeferral(statements: []) }
        // `song_count` is kept by every write, so this is one pass over the
        // (small) playlist table, not a count of the song table.
        let stored = try Int.fetchOne(
            db, sql: "SELECT coalesce(sum(song_count), 0) FROM playlist WHERE id IS NOT ?", arguments: [playlist]) ?? 0
        guard stored <= count else { return SongIndexDeferral(statements: []) }
        let indexes = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND tbl_name = 'song' AND sql IS NOT NULL ORDER BY name
            """)
        for index in indexes {
            let name: String = index["name"]
            try db.execute(sql: "DROP INDEX \"\(name.replacing("\"", with: "\"\""))\"")
        }
        return SongIndexDeferral(statements: indexes.map { $0["sql"] })
    }

    /// Builds the indexes dropped by `begin` again.
    func finish(_ db: Database) throws {
        for statement in statements { try db.execute(sql: statement) }
    }
}
