import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain
import PlaylistsPersistence
import TestSupport
import Testing

/// `append` and `forEachBatch` on a real SQLite file.
@Suite struct PlaylistAppendStoreTests {
    let dir = TemporaryDirectory()
    let database: FacetDatabase
    let store: SQLitePlaylistStore

    init() throws {
        database = try FacetDatabase(path: dir.path + "/data/facet.sqlite", migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater)
        store = SQLitePlaylistStore(database: database)
    }

    func songs(_ range: ClosedRange<Int>) -> [Song] {
        range.map { Song(title: "T\($0)", artist: "A\($0)", duration: $0, location: "/m/\($0).mp3") }
    }

    func all(_ id: Int64) async throws -> [Song] {
        try await store.songs(in: id, SongQuery(limit: 100_000)).entries.map(\.song)
    }

    @Test func appendGoesAfterTheLastSong() async throws {
        let list = try await store.create(name: "L", source: "x", format: "m3u", songs: songs(1...3))
        let after = try await store.append(songs(4...5), to: list.id)
        #expect(after.songCount == 5)
        #expect(try await store.playlist(named: "L")?.songCount == 5)
        #expect(try await all(list.id) == songs(1...5))
        let positions = try await store.songs(in: list.id, SongQuery()).entries.map(\.position)
        #expect(positions == Array(1...5))
    }

    /// The last song breaks a constraint (a negative length): the songs
    /// before it, already inserted, go too.
    @Test func aFailedAppendAddsNothing() async throws {
        let list = try await store.create(name: "L", source: "x", format: "m3u", songs: songs(1...3))
        var batch = songs(4...20)
        batch[16].duration = -1
        await #expect(throws: (any Error).self) { _ = try await store.append(batch, to: list.id) }
        #expect(try await store.playlist(named: "L")?.songCount == 3)
        #expect(try await all(list.id) == songs(1...3))
    }

    /// Large enough that the indexes are rebuilt after the insert: they must
    /// hold the appended songs and the ones already there.
    @Test func aLargeAppendKeepsTheIndexesWhole() async throws {
        let list = try await store.create(name: "L", source: "x", format: "m3u", songs: songs(1...10))
        _ = try await store.append(songs(11...12_010), to: list.id)
        let byTitle = try await store.songs(in: list.id, SongQuery(filter: "T12010", sort: .title))
        #expect(byTitle.entries.map(\.position) == [12_010])
        let check = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
        let indexes = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'song' AND sql IS NOT NULL")
        }
        #expect(Set(indexes).isSuperset(of: ["song_by_title", "song_by_artist"]))
    }

    @Test func batchesComeInPositionOrder() async throws {
        let list = try await store.create(name: "L", source: "x", format: "m3u", songs: songs(1...12))
        let seen = Seen()
        try await store.forEachBatch(of: list.id, batch: 5) { seen.add($0) }
        #expect(seen.batches.map(\.count) == [5, 5, 2])
        #expect(seen.batches.flatMap { $0 } == songs(1...12))
        let other = try await store.create(name: "Empty-ish", source: "x", format: "m3u", songs: songs(1...5))
        let exact = Seen()
        try await store.forEachBatch(of: other.id, batch: 5) { exact.add($0) }
        #expect(exact.batches.map(\.count) == [5])
    }
}

private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [[Song]] = []
    func add(_ batch: [Song]) { lock.withLock { stored.append(batch) } }
    var batches: [[Song]] { lock.withLock { stored } }
}
