import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import PhotosDomain
@testable import PhotosPersistence
import TestSupport
import Testing

/// The photo cache on a real SQLite file.
@Suite struct SQLitePhotoStoreTests {
    let dir = TemporaryDirectory()
    let database: FacetDatabase
    let store: SQLitePhotoStore
    let fetchedAt = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        database = try FacetDatabase(path: dir.path + "/data/facet.sqlite", migrations: Migrations.core + Migrations.photos)
        store = SQLitePhotoStore(database: database)
    }

    @Test func anEmptyCacheSaysSo() async throws {
        #expect(try await store.cacheInfo() == nil)
        #expect(try await store.page(PhotoQuery()) == PhotoPage(photos: [], total: 0, offset: 0))
        #expect(try await store.photo(id: 1) == nil)
    }

    @Test func replaceStoresTheListWithItsFetchTimeAndSurvivesReopening() async throws {
        let photos = StubPhotoSource.sample(5000)
        let info = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        #expect(info == PhotoCacheInfo(count: 5000, fetchedAt: fetchedAt, source: "http://a"))
        let reopened = SQLitePhotoStore(database: try FacetDatabase(path: database.path, migrations: Migrations.core + Migrations.photos))
        #expect(try await reopened.cacheInfo() == info)
        #expect(try await reopened.photo(id: 4321) == photos[4320])
        let last = try await reopened.page(PhotoQuery(offset: 4950, limit: 50))
        #expect(last.photos == Array(photos[4950...]))
        #expect(last.total == 5000)
    }

    @Test func aSecondReplaceReplacesEverything() async throws {
        _ = try await store.replace(with: FetchedPhotos(StubPhotoSource.sample(100)), source: "http://a", fetchedAt: fetchedAt)
        let newer = [Photo(albumId: 9, id: 7000, title: "new", url: "u", thumbnailUrl: "t")]
        _ = try await store.replace(with: FetchedPhotos(newer), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(60))
        #expect(try await store.page(PhotoQuery()).photos == newer)
        #expect(try await store.cacheInfo()?.source == "http://b")
        #expect(try await store.photo(id: 1) == nil)
    }

    @Test func aReplaceKeepsOnlyTheNewListWithChangedRowsUpdated() async throws {
        let old = StubPhotoSource.sample(300)
        _ = try await store.replace(with: FetchedPhotos(old), source: "http://a", fetchedAt: fetchedAt)
        var new = Array(old[100..<300])  // the first 100 dropped
        new[0].title = "renamed"
        new[1].albumId = 77
        new[2].url = "https://elsewhere/2"
        new.append(Photo(albumId: 1, id: 9001, title: "added", url: "u", thumbnailUrl: "t"))
        _ = try await store.replace(with: FetchedPhotos(new), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(60))
        let all = try await store.page(PhotoQuery(limit: 1000))
        #expect(all.photos == new)
        #expect(all.total == 201)
        #expect(try await store.page(PhotoQuery(album: 77)).photos == [new[1]])
        #expect(try await store.page(PhotoQuery(text: "renamed")).photos == [new[0]])
    }

    /// Reloading an unchanged list (what a JSONPlaceholder reload always is)
    /// rewrites no photo: only the fetch header's page reaches the WAL.
    @Test func anUnchangedReloadWritesAlmostNothing() async throws {
        let photos = StubPhotoSource.sample(5000)
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        // Everything checkpointed: the next write starts the WAL over, so
        // the frames counted after it are its own.
        _ = try database.walFrames()
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt.addingTimeInterval(60))
        #expect(try database.walFrames().log <= 3)
        #expect(try await store.cacheInfo()?.fetchedAt == fetchedAt.addingTimeInterval(60))
        #expect(try await store.page(PhotoQuery(offset: 4950, limit: 50)).photos == Array(photos[4950...]))
    }

    @Test func aFailedReplaceLeavesTheOldListWhole() async throws {
        let old = StubPhotoSource.sample(100)
        _ = try await store.replace(with: FetchedPhotos(old), source: "http://a", fetchedAt: fetchedAt)
        // A duplicate id fails half-way through the insert: the transaction rolls back.
        var bad = StubPhotoSource.sample(300)
        bad[250].id = 3
        await #expect(throws: (any Error).self) {
            try await store.replace(with: FetchedPhotos(bad), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(60))
        }
        #expect(try await store.cacheInfo() == PhotoCacheInfo(count: 100, fetchedAt: fetchedAt, source: "http://a"))
        let all = try await store.page(PhotoQuery(limit: 1000))
        #expect(all.photos == old)
        #expect(all.total == 100)
    }

    /// A new id named twice would otherwise be inserted once and fail on
    /// the key the second time: the error says which id, and nothing stays.
    @Test func aNewIDNamedTwiceIsRefusedByName() async throws {
        let old = StubPhotoSource.sample(10)
        _ = try await store.replace(with: FetchedPhotos(old), source: "http://a", fetchedAt: fetchedAt)
        var bad = StubPhotoSource.sample(20)
        bad[15].id = 12
        let error = await #expect(throws: StorageError.self) {
            try await store.replace(with: FetchedPhotos(bad), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(60))
        }
        #expect(error?.message.contains("photo id 12 appears twice in the list") == true)
        #expect(try await store.page(PhotoQuery(limit: 100)).photos == old)
    }

    /// Text is bound where the strings keep it, one row after another on
    /// the same statements: each row keeps its own text, "" stays "" (not
    /// NULL), and a short value after a long one is not padded by it.
    @Test func eachRowKeepsItsOwnTextExactly() async throws {
        let photos = [
            Photo(albumId: 1, id: 1, title: String(repeating: "long title ", count: 40), url: "https://a/1", thumbnailUrl: "t1"),
            Photo(albumId: 1, id: 2, title: "", url: "", thumbnailUrl: ""),
            Photo(albumId: 2, id: 3, title: "ü 漢字 🎞", url: "https://a/3", thumbnailUrl: "https://a/3/thumb"),
            Photo(albumId: 2, id: 4, title: "s", url: "u", thumbnailUrl: "t"),
        ]
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        var retitled = photos
        retitled[0].title = "short"
        retitled[1].title = String(repeating: "x", count: 500)
        retitled[3].albumId = 9
        retitled[3].url = ""
        _ = try await store.replace(with: FetchedPhotos(retitled), source: "http://a", fetchedAt: fetchedAt)
        #expect(try await store.page(PhotoQuery(limit: 10)).photos == retitled)
        let nulls = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo WHERE title IS NULL OR url IS NULL OR thumbnail_url IS NULL")
        }
        #expect(nulls == 0)
    }

    /// Ids far apart or below zero (another API's) are cached and
    /// compared like JSONPlaceholder's 1…5,000.
    @Test func sparseAndNegativeIDsAreKeptAndDropped() async throws {
        let ids = [-5, 0, 3, 1_000_000_007, Int(Int32.max) + 10]
        let photos = ids.map { Photo(albumId: 1, id: $0, title: "p\($0)", url: "u", thumbnailUrl: "t") }
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        var next = Array(photos.dropFirst(2))
        next[0].title = "changed"
        next.append(Photo(albumId: 2, id: -9, title: "new", url: "u", thumbnailUrl: "t"))
        _ = try await store.replace(with: FetchedPhotos(next), source: "http://a", fetchedAt: fetchedAt)
        #expect(try await store.page(PhotoQuery(limit: 10)).photos == next.sorted { $0.id < $1.id })
        #expect(try await store.photo(id: -5) == nil)
    }

    @Test func filtersSortsAndWindows() async throws {
        var photos = StubPhotoSource.sample(500)
        photos[10].title = "100% _literal_ \\ match"
        photos[30].title = "PHOTO 49 A"
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        let album = try await store.page(PhotoQuery(album: 3, limit: 100))
        #expect(album.total == 50)
        #expect(album.photos.map(\.id) == Array(101...150))
        let text = try await store.page(PhotoQuery(album: 3, text: "PHOTO 12", limit: 100))
        #expect(text.photos.map(\.id) == Array(120...129))
        #expect(text.total == 10)
        #expect(try await store.page(PhotoQuery(text: "100%")).photos.map(\.id) == [11])
        #expect(try await store.page(PhotoQuery(text: "_literal_ \\")).photos.map(\.id) == [11])
        #expect(try await store.page(PhotoQuery(text: "0_")).total == 0)
        let byTitle = try await store.page(PhotoQuery(sort: .title, limit: 3))
        #expect(byTitle.photos.map(\.id) == [11, 1, 10])
        // Title order with a filter and an offset: sorted on read, case ignored.
        let titled = try await store.page(PhotoQuery(text: "photo 49", sort: .title, offset: 1, limit: 3))
        #expect(titled.photos.map(\.id) == [49, 490, 491])
        #expect(titled.total == 12)
        #expect(try await store.page(PhotoQuery(text: "photo 49", sort: .title, limit: 1)).photos.map(\.id) == [31])
        let byAlbum = try await store.page(PhotoQuery(sort: .album, offset: 49, limit: 2))
        #expect(byAlbum.photos.map(\.albumId) == [1, 2])
        #expect(byAlbum.offset == 49)
    }

    @Test func theCacheIsItsOwnMigrationWithIndexes() async throws {
        let indexes = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'photo' ORDER BY name")
        }
        #expect(indexes == ["photo_by_album"])
        let applied = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.contains("v3-photos"))
        #expect(applied.contains("v6-photos-list-digest"))
        #expect(applied.contains("v7-photos-no-title-index"))
    }

    /// A changed title leaves `album_id` out of the update, so SQLite does
    /// not rewrite the row's `photo_by_album` entry; only a row whose album
    /// changed sets it. (An `UPDATE OF album_id` trigger fires exactly when
    /// an update names the column, whatever its value.)
    @Test func aChangedTitleDoesNotSetTheAlbum() async throws {
        var photos = StubPhotoSource.sample(200)
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        try await database.write { db in
            try db.execute(sql: """
                CREATE TABLE album_sets (n INTEGER NOT NULL); INSERT INTO album_sets VALUES (0);
                CREATE TRIGGER photo_album_set AFTER UPDATE OF album_id ON photo BEGIN UPDATE album_sets SET n = n + 1; END;
                """)
        }
        for index in photos.indices { photos[index].title += " (revised)" }
        photos[5].albumId = 99
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt.addingTimeInterval(60))
        let albumSets = try await database.read { db in try Int.fetchOne(db, sql: "SELECT n FROM album_sets") }
        #expect(albumSets == 1)
        #expect(try await store.page(PhotoQuery(limit: 1000)).photos == photos)
        #expect(try await store.page(PhotoQuery(album: 99)).photos == [photos[5]])
    }

    /// Row writes to `photo` by any connection, counted by triggers in the file.
    func countRowWrites() async throws -> @Sendable () async throws -> Int {
        try await database.write { db in
            try db.execute(sql: """
                CREATE TABLE row_writes (n INTEGER NOT NULL); INSERT INTO row_writes VALUES (0);
                CREATE TRIGGER photo_updated AFTER UPDATE ON photo BEGIN UPDATE row_writes SET n = n + 1; END;
                CREATE TRIGGER photo_inserted AFTER INSERT ON photo BEGIN UPDATE row_writes SET n = n + 1; END;
                """)
        }
        let database = self.database
        return { try await database.read { db in try Int.fetchOne(db, sql: "SELECT n FROM row_writes") ?? -1 } }
    }

    /// The fingerprint decides whether rows are compared at all: the same
    /// one again touches no row; a new one with one changed title writes
    /// that one row.
    @Test func theSameFingerprintAgainTouchesNoRowAndAChangeWritesOneRow() async throws {
        var photos = StubPhotoSource.sample(300)
        _ = try await store.replace(with: FetchedPhotos(photos, fingerprint: Data([1])), source: "http://a", fetchedAt: fetchedAt)
        let writes = try await countRowWrites()
        _ = try await store.replace(
            with: FetchedPhotos(photos, fingerprint: Data([1])), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(60))
        #expect(try await writes() == 0)
        #expect(try await store.cacheInfo() == PhotoCacheInfo(count: 300, fetchedAt: fetchedAt.addingTimeInterval(60), source: "http://b"))
        photos[7].title = "changed"
        _ = try await store.replace(
            with: FetchedPhotos(photos, fingerprint: Data([2])), source: "http://b", fetchedAt: fetchedAt.addingTimeInterval(120))
        #expect(try await writes() == 1)
        #expect(try await store.photo(id: photos[7].id)?.title == "changed")
    }

    /// Without a fingerprint, or with the cached one but another count, the
    /// rows are compared: a row changed behind the cache's back is put right.
    @Test func noFingerprintOrAnotherCountIsComparedRowByRow() async throws {
        let photos = StubPhotoSource.sample(100)
        _ = try await store.replace(with: FetchedPhotos(photos, fingerprint: Data([1])), source: "http://a", fetchedAt: fetchedAt)
        func spoil() async throws {
            try await database.write { db in
                try db.execute(sql: "UPDATE photo SET title = 'stale' WHERE id = ?", arguments: [photos[3].id])
            }
        }
        try await spoil()
        _ = try await store.replace(with: FetchedPhotos(photos), source: "http://a", fetchedAt: fetchedAt)
        #expect(try await store.photo(id: photos[3].id) == photos[3])
        _ = try await store.replace(with: FetchedPhotos(photos, fingerprint: Data([1])), source: "http://a", fetchedAt: fetchedAt)
        try await spoil()
        let fewer = Array(photos.dropLast())
        _ = try await store.replace(with: FetchedPhotos(fewer, fingerprint: Data([1])), source: "http://a", fetchedAt: fetchedAt)
        #expect(try await store.photo(id: photos[3].id) == photos[3])
        #expect(try await store.cacheInfo()?.count == 99)
    }

    /// A cache written before the digest existed (NULL) is compared row by
    /// row, so a row that differs from the fetched list is put right.
    @Test func aCacheWithoutADigestIsComparedRowByRow() async throws {
        let photos = StubPhotoSource.sample(100)
        _ = try await store.replace(with: FetchedPhotos(photos, fingerprint: Data([5])), source: "http://a", fetchedAt: fetchedAt)
        try await database.write { db in
            try db.execute(sql: "UPDATE photo_fetch SET list_digest = NULL; UPDATE photo SET title = 'stale' WHERE id = ?", arguments: [photos[3].id])
        }
        let writes = try await countRowWrites()
        _ = try await store.replace(
            with: FetchedPhotos(photos, fingerprint: Data([5])), source: "http://a", fetchedAt: fetchedAt.addingTimeInterval(60))
        #expect(try await writes() == 1)
        #expect(try await store.photo(id: photos[3].id) == photos[3])
        let digest = try await database.read { db in try Data.fetchOne(db, sql: "SELECT list_digest FROM photo_fetch") }
        #expect(digest == Data([5]))
    }
}
