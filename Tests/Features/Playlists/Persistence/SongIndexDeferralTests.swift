import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import PlaylistsDomain
@testable import PlaylistsPersistence
import TestSupport
import Testing

/// A large import drops the song indexes and builds them again in its own
/// transaction (`SongIndexDeferral`): afterwards the indexes must be back,
/// exactly as declared, and a failed import must leave them untouched.
@Suite struct SongIndexDeferralTests {
    let dir = TemporaryDirectory()
    let database: FacetDatabase
    let store: SQLitePlaylistStore

    init() throws {
        database = try FacetDatabase(path: dir.path + "/facet.sqlite", migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater)
        store = SQLitePlaylistStore(database: database)
    }

    var large: Int { SongIndexDeferral.minimumSongs + 5 }

    func songs(_ count: Int, prefix: String = "Title") -> [Song] {
        (1...count).map { Song(title: "\(prefix) \(count - $0)", artist: "Artist \($0 % 97)") }
    }

    func indexes() async throws -> [String] {
        try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'song' AND sql IS NOT NULL ORDER BY name")
        }
    }

    @Test func aLargeImportLeavesTheIndexesAsDeclaredAndUsesThem() async throws {
        let before = try await indexes()
        #expect(before.count == 2)
        let playlist = try await store.create(name: "Big", source: "x", format: "json", songs: songs(large))
        #expect(try await indexes() == before)
        let sorted = try await store.songs(in: playlist.id, SongQuery(sort: .title, limit: 3))
        #expect(sorted.entries.map(\.song.title) == ["Title 0", "Title 1", "Title 10"])
        #expect(sorted.total == large)
        let plan = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT position FROM song WHERE playlist_id = 1 ORDER BY title COLLATE NOCASE, position")
                .map { $0["detail"] as String }
        }
        #expect(plan.joined().contains("song_by_title"))
        let integrity = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }

    @Test func aFailedLargeImportKeepsTheIndexesAndAddsNothing() async throws {
        let before = try await indexes()
        // The last song breaks the duration CHECK: the whole import rolls back.
        let bad = songs(large) + [Song(title: "bad", artist: "x", duration: -1)]
        await #expect(throws: (any Error).self) {
            _ = try await store.create(name: "Broken", source: "x", format: "json", songs: bad)
        }
        #expect(try await indexes() == before)
        #expect(try await store.playlists().isEmpty)
    }

    @Test func aSecondLargeImportBesideALargerPlaylistIsSortedToo() async throws {
        // The second import is smaller than what is stored: inserted one by one.
        _ = try await store.create(name: "First", source: "x", format: "json", songs: songs(large + 10, prefix: "A"))
        let second = try await store.create(name: "Second", source: "x", format: "json", songs: songs(large, prefix: "B"))
        #expect(try await indexes().count == 2)
        let sorted = try await store.songs(in: second.id, SongQuery(sort: .title, limit: 2))
        #expect(sorted.entries.map(\.song.title) == ["B 0", "B 1"])
        #expect(sorted.total == large)
    }
}
