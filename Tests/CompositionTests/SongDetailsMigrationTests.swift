import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import PlaylistsDomain
@testable import PlaylistsPersistence
import PlaylistsPersistence
import TestSupport
import Testing
import UsersPersistence

/// The v3 migration (song length) on a database written by the previous
/// version: every playlist and song survives, old songs have no length, new
/// imports store theirs.
@Suite struct SongDetailsMigrationTests {
    let dir = TemporaryDirectory()

    @Test func anExistingV2DatabaseKeepsItsDataAndGainsDurations() async throws {
        let path = dir.path + "/facet.sqlite"
        // A database as the last release left it: migrated up to v2, with a playlist.
        do {
            let old = try DatabaseQueue(path: path)
            try Migrations.migrator([.metaV1, .playlistsV1, .usersV2]).migrate(old)
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO playlist (id, name, source, format, imported_at, song_count)
                    VALUES (1, 'Old', '/m/old.json', 'json', 1700000000, 2);
                    INSERT INTO song (playlist_id, position, title, artist, cover) VALUES
                        (1, 1, 'One', 'A', 'https://c/1.jpg'), (1, 2, 'Two', 'B', '');
                    """)
                #expect(try !db.columns(in: "song").map(\.name).contains("duration"))
            }
            try old.close()
        }

        let database = try FacetDatabase(path: path, migrations: allMigrations)
        let applied = try await database.read { db in try Migrations.migrator(allMigrations).appliedIdentifiers(db) }
        #expect(applied.contains("v3-song-details"))
        let store = SQLitePlaylistStore(database: database)
        let old = try #require(try await store.playlist(named: "Old"))
        #expect(old.songCount == 2 && old.source == "/m/old.json")
        let songs = try await store.songs(in: old.id, SongQuery()).entries.map(\.song)
        #expect(songs == [
            Song(title: "One", artist: "A", cover: "https://c/1.jpg", duration: nil),
            Song(title: "Two", artist: "B", cover: "", duration: nil),
        ])

        let new = try await store.create(
            name: "New", source: "/m/new.m3u", format: "m3u", songs: [Song(title: "Three", artist: "C", duration: 181)])
        #expect(try await store.songs(in: new.id, SongQuery()).entries.map(\.song.duration) == [181])
    }

    @Test func aNegativeDurationIsRefusedByTheSchema() async throws {
        let database = try FacetDatabase(path: dir.path + "/check.sqlite", migrations: allMigrations)
        let store = SQLitePlaylistStore(database: database)
        await #expect(throws: (any Error).self) {
            _ = try await store.create(name: "Bad", source: "/x", format: "m3u", songs: [Song(title: "t", artist: "a", duration: -1)])
        }
        #expect(try await store.playlists().isEmpty)
    }
}
