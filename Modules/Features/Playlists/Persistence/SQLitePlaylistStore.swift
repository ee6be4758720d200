import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain

/// `PlaylistStore` on the Facet database.
public struct SQLitePlaylistStore: PlaylistStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func playlists(_ query: PlaylistListQuery) async throws -> [PlaylistSummary] {
        let direction = query.descending ? "DESC" : "ASC"
        let order = switch query.sort {
        case .name: "name COLLATE NOCASE \(direction)"
        case .songs: "song_count \(direction), name COLLATE NOCASE"
        case .imported: "imported_at \(direction), name COLLATE NOCASE"
        case .source: "source COLLATE NOCASE \(direction), name COLLATE NOCASE"
        case .format: "format COLLATE NOCASE \(direction), name COLLATE NOCASE"
        }
        // Case ignored as `CaseFolding` does (LIKE would fold ASCII only).
        let pattern = CaseFolding.fold(query.filter)
        return try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM playlist
                    WHERE ? = '' OR facet_contains(name, ?) OR facet_contains(source, ?) OR facet_contains(format, ?)
                    ORDER BY \(order)
                    """,
                arguments: [pattern, pattern, pattern, pattern]
            ).map(Self.summary)
        }
    }

    public func playlist(named name: String) async throws -> PlaylistSummary? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE facet_fold(name) = ?", arguments: [CaseFolding.fold(name)])
                .map(Self.summary)
        }
    }

    public func create(name: String, source: String, format: String, songs: [Song]) async throws -> PlaylistSummary {
        let now = Date()
        return try await database.write { db in
            try Self.refuseTaken(name, except: nil, db)
            do {
                try db.execute(
                    sql: "INSERT INTO playlist (name, source, format, imported_at, song_count) VALUES (?, ?, ?, ?, ?)",
                    arguments: [name, source, format, now.timeIntervalSince1970, songs.count])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw PlaylistError.duplicateName(name)
            }
            let id = db.lastInsertedRowID
            try PlaylistJournal.forget(id, db)
            try SongBulkInsert.insert(songs, into: id, db)
            return PlaylistSummary(
                id: id, name: name, songCount: songs.count, source: source, format: format, importedAt: now)
        }
    }

    /// Names are unique ignoring case the way `CaseFolding` ignores it; the
    /// column's `NOCASE` constraint folds ASCII letters only, so "CAFÉ" would
    /// pass it beside "Café".
    static func refuseTaken(_ name: String, except playlist: Int64?, _ db: Database) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM playlist WHERE facet_fold(name) = ? AND id IS NOT ?)",
            arguments: [CaseFolding.fold(name), playlist]) ?? false
        if taken { throw PlaylistError.duplicateName(name) }
    }

    public func songs(in playlist: Int64, _ query: SongQuery) async throws -> SongPage {
        try await database.read { db in try SongPageQuery(playlist: playlist, query: query).fetch(db) }
    }

    public func removeSong(in playlist: Int64, at position: Int) async throws {
        try await removeSongs(in: playlist, at: [position])
    }

    public func moveSong(in playlist: Int64, from: Int, to: Int) async throws {
        try await reorder(in: playlist, pick: [from], place: [to])
    }

    public func rename(_ playlist: Int64, to name: String) async throws {
        try await database.write { db in
            try Self.refuseTaken(name, except: playlist, db)
            let old = try Self.name(of: playlist, db)
            do {
                try db.execute(sql: "UPDATE playlist SET name = ? WHERE id = ?", arguments: [name, playlist])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw PlaylistError.duplicateName(name)
            }
            guard db.changesCount == 1 else { throw PlaylistError.notFound(name) }
            try PlaylistJournal.record(.rename, playlist: playlist, name: old, db)
        }
    }

    public func delete(_ playlist: Int64) async throws {
        try await database.write { db in
            try PlaylistJournal.recordDeletion(of: playlist, db)
            try db.execute(sql: "DELETE FROM song WHERE playlist_id = ?", arguments: [playlist])
            try db.execute(sql: "DELETE FROM playlist WHERE id = ?", arguments: [playlist])
        }
    }

    // MARK: Helpers

    /// Moves positions in [from, through] by `delta` without ever colliding
    /// with the primary key: through negative numbers first, then back.
    static func shift(_ playlist: Int64, from: Int, through: Int, by delta: Int, _ db: Database) throws {
        guard from <= through else { return }
        try db.execute(
            sql: "UPDATE song SET position = -(position + ?) WHERE playlist_id = ? AND position BETWEEN ? AND ?",
            arguments: [delta, playlist, from, through])
        try db.execute(
            sql: "UPDATE song SET position = -position WHERE playlist_id = ? AND position < 0", arguments: [playlist])
    }

    static func name(of playlist: Int64, _ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT name FROM playlist WHERE id = ?", arguments: [playlist]) ?? "#\(playlist)"
    }

    static func summary(_ row: Row) -> PlaylistSummary {
        PlaylistSummary(
            id: row["id"], name: row["name"], songCount: row["song_count"], source: row["source"],
            format: row["format"], importedAt: Date(timeIntervalSince1970: row["imported_at"]))
    }
}
