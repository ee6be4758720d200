import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain
import PlaylistsPersistence
import TestSupport
import Testing

@Suite struct SQLitePlaylistStoreTests {
    let dir = TemporaryDirectory()
    let database: FacetDatabase
    let store: SQLitePlaylistStore


    init() throws {
        database = try FacetDatabase(path: dir.path + "/data/facet.sqlite", migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater)
        store = SQLitePlaylistStore(database: database)
    }

    func songs(_ count: Int) -> [Song] {
        (1...count).map { Song(title: "Title \($0)", artist: "Artist \(count - $0)", cover: "c\($0)") }
    }

    func titles(_ id: Int64, _ query: SongQuery = SongQuery()) async throws -> [String] {
        try await store.songs(in: id, query).entries.map(\.song.title)
    }

    @Test func databaseFileIsPrivate() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func createAndPage() async throws {
        let playlist = try await store.create(name: "Big", source: "x", format: "json", songs: songs(120))
        let first = try await store.songs(in: playlist.id, SongQuery(limit: 50))
        #expect(first.total == 120)
        #expect(first.entries.first?.position == 1)
        let last = try await store.songs(in: playlist.id, SongQuery(offset: 100, limit: 50))
        #expect(last.entries.map(\.position) == Array(101...120))
        #expect(try await store.playlists().map(\.songCount) == [120])
    }

    @Test func durationAndCoverAreStoredAndRead() async throws {
        let playlist = try await store.create(name: "Typed", source: "/m/t.m3u", format: "m3u", songs: [
            Song(title: "A", artist: "x", cover: "https://c/a.jpg", duration: 215),
            Song(title: "B", artist: "y"),
        ])
        let page = try await store.songs(in: playlist.id, SongQuery())
        #expect(page.entries.map(\.song.duration) == [215, nil])
        #expect(page.entries.map(\.song.cover) == ["https://c/a.jpg", ""])
        let filtered = try await store.songs(in: playlist.id, SongQuery(filter: "a", sort: .title))
        #expect(filtered.entries.first?.song.duration == 215)
    }

    @Test func sortAndFilterTakeMetacharactersLiterally() async throws {
        let playlist = try await store.create(name: "Meta", source: "x", format: "json", songs: [
            Song(title: "100% Pure", artist: "b"), Song(title: "under_score", artist: "a"),
            Song(title: "O'Brien", artist: "c"), Song(title: "plain", artist: "d"), Song(title: "back\\slash", artist: "e"),
        ])
        #expect(try await titles(playlist.id, SongQuery(filter: "%")) == ["100% Pure"])
        #expect(try await titles(playlist.id, SongQuery(filter: "_")) == ["under_score"])
        #expect(try await titles(playlist.id, SongQuery(filter: "'")) == ["O'Brien"])
        #expect(try await titles(playlist.id, SongQuery(filter: "\\")) == ["back\\slash"])
        #expect(try await titles(playlist.id, SongQuery(filter: "' OR 1=1 --")) == [])
        #expect(try await titles(playlist.id, SongQuery(filter: "PLAIN")) == ["plain"])
        #expect(try await titles(playlist.id, SongQuery(sort: .artist)).first == "under_score")
        #expect(try await titles(playlist.id, SongQuery(sort: .title)) == ["100% Pure", "back\\slash", "O'Brien", "plain", "under_score"])
        #expect(try await store.songs(in: playlist.id, SongQuery(filter: "r")).total == 3)
    }

    @Test func removeAndMoveKeepPositionsContiguous() async throws {
        let playlist = try await store.create(name: "Edit", source: "x", format: "json", songs: songs(5))
        try await store.removeSong(in: playlist.id, at: 2)
        #expect(try await titles(playlist.id) == ["Title 1", "Title 3", "Title 4", "Title 5"])
        try await store.moveSong(in: playlist.id, from: 1, to: 4)
        #expect(try await titles(playlist.id) == ["Title 3", "Title 4", "Title 5", "Title 1"])
        try await store.moveSong(in: playlist.id, from: 4, to: 2)
        #expect(try await titles(playlist.id) == ["Title 3", "Title 1", "Title 4", "Title 5"])
        let page = try await store.songs(in: playlist.id, SongQuery())
        #expect(page.entries.map(\.position) == [1, 2, 3, 4])
        #expect(page.total == 4)
        await #expect(throws: PlaylistError.songNotFound(playlist: "Edit", position: 9)) {
            try await store.removeSong(in: playlist.id, at: 9)
        }
    }

    @Test func duplicateNamesAreRefusedAndNothingIsHalfWritten() async throws {
        _ = try await store.create(name: "Mix", source: "a", format: "json", songs: songs(3))
        await #expect(throws: PlaylistError.duplicateName("MIX")) {
            try await store.create(name: "MIX", source: "b", format: "json", songs: songs(1000))
        }
        let all = try await store.playlists()
        #expect(all.count == 1)
        let orphanSongs = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM song") }
        #expect(orphanSongs == 3)
    }

    @Test func renameAndDelete() async throws {
        let a = try await store.create(name: "A", source: "a", format: "json", songs: songs(2))
        _ = try await store.create(name: "B", source: "b", format: "json", songs: songs(2))
        await #expect(throws: PlaylistError.duplicateName("B")) { try await store.rename(a.id, to: "B") }
        try await store.rename(a.id, to: "Renamed")
        #expect(try await store.playlist(named: "renamed")?.id == a.id)
        try await store.delete(a.id)
        #expect(try await store.playlist(named: "Renamed") == nil)
        #expect(try await store.songs(in: a.id, SongQuery()).entries.isEmpty)
    }

    @Test func survivesReopening() async throws {
        _ = try await store.create(name: "Kept", source: "a", format: "m3u", songs: songs(4))
        let again = SQLitePlaylistStore(database: try FacetDatabase(path: database.path, migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater))
        #expect(try await again.playlist(named: "Kept")?.songCount == 4)
    }

    @Test func corruptFileGivesAStorageError() throws {
        let path = dir.file("corrupt.sqlite", String(repeating: "this is not a database ", count: 500))
        do {
            _ = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater)
            Issue.record("opened a corrupt database")
        } catch {
            #expect(error.reason == .corrupt)
            #expect(error.message.contains("damaged"))
        }
    }

    @Test func twoConnectionsImportingAtOnceBothSucceed() async throws {
        let other = SQLitePlaylistStore(database: try FacetDatabase(path: database.path, migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater))
        async let one = store.create(name: "One", source: "a", format: "json", songs: songs(20_000))
        async let two = other.create(name: "Two", source: "b", format: "json", songs: songs(20_000))
        let (a, b) = try await (one, two)
        #expect(a.songCount == 20_000 && b.songCount == 20_000)
        #expect(try await store.playlists().map(\.name) == ["One", "Two"])
    }
}
