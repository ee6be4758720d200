import Domain
import Foundation
import Persistence
import Testing
import TestSupport

/// One contract, two implementations: the in-memory stores the view-model
/// tests use and the SQLite stores the product uses (a real file in a temp
/// folder) must ignore case the same way, non-ASCII included, or a view-model
/// test can pass on behaviour the product does not have. The rule
/// (`CaseFolding`): Unicode lowercase, so "Café" and "CAFÉ" are one name.
@Suite struct CaseFoldingContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    /// Keeps the temp folder alive as long as the store.
    struct Made<Store> {
        let store: Store
        let folder: TemporaryDirectory?
    }

    static func database() throws -> (FacetDatabase, TemporaryDirectory) {
        let folder = TemporaryDirectory("facet-fold")
        return (try FacetDatabase(path: folder.path + "/facet.sqlite"), folder)
    }

    static func playlists(_ backend: Backend) throws -> Made<any PlaylistStore> {
        switch backend {
        case .memory: return Made(store: InMemoryPlaylistStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLitePlaylistStore(database: database), folder: folder)
        }
    }

    static func photos(_ backend: Backend) throws -> Made<any PhotoStore> {
        switch backend {
        case .memory: return Made(store: InMemoryPhotoStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLitePhotoStore(database: database), folder: folder)
        }
    }

    static func stars(_ backend: Backend) throws -> Made<any StarStore> {
        switch backend {
        case .memory: return Made(store: InMemoryStarStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLiteStarStore(database: database), folder: folder)
        }
    }

    // MARK: Playlist names

    @Test(arguments: Backend.allCases)
    func playlistNamesAreUniqueIgnoringCaseBeyondASCII(_ backend: Backend) async throws {
        let made = try Self.playlists(backend)
        let store = made.store
        let cafe = try await store.create(name: "Café", source: "a.m3u", format: "m3u", songs: [])
        for taken in ["CAFÉ", "café", "cafe\u{301}", "CAFE\u{301}"] {
            await #expect(throws: PlaylistError.duplicateName(taken), "\(taken)") {
                _ = try await store.create(name: taken, source: "b.m3u", format: "m3u", songs: [])
            }
            #expect(try await store.playlist(named: taken)?.id == cafe.id, "\(taken)")
        }
        // Not the same name: another letter, or no accent.
        #expect(try await store.playlist(named: "Cafe") == nil)
        let plain = try await store.create(name: "Cafe", source: "c.m3u", format: "m3u", songs: [])
        await #expect(throws: PlaylistError.duplicateName("CAFÉ")) { try await store.rename(plain.id, to: "CAFÉ") }
        try await store.rename(cafe.id, to: "CAFÉ")  // its own name in other case
        #expect(try await store.playlist(named: "café")?.name == "CAFÉ")
        #expect(try await store.playlists().count == 2)
    }

    // MARK: Song filter

    @Test(arguments: Backend.allCases)
    func theSongFilterIgnoresCaseBeyondASCII(_ backend: Backend) async throws {
        let made = try Self.playlists(backend)
        let songs = [
            Song(title: "Café del Mar", artist: "Energy 52"),
            Song(title: "ÉTÉ INDIEN", artist: "Joe Dassin"),
            Song(title: "Straße", artist: "ÖSTERREICH Band"),
            Song(title: "Plain", artist: "ascii"),
            Song(title: "100% pure", artist: "under_score"),
        ]
        let playlist = try await made.store.create(name: "Mix", source: "m.m3u", format: "m3u", songs: songs)
        func titles(_ filter: String) async throws -> [String] {
            try await made.store.songs(in: playlist.id, SongQuery(filter: filter)).entries.map(\.song.title)
        }
        #expect(try await titles("CAFÉ") == ["Café del Mar"])
        #expect(try await titles("café") == ["Café del Mar"])
        #expect(try await titles("cafe\u{301}") == ["Café del Mar"])
        #expect(try await titles("été") == ["ÉTÉ INDIEN"])
        #expect(try await titles("österreich") == ["Straße"])
        #expect(try await titles("STRASSE") == [])  // lowercase, not full folding: ß is not ss
        #expect(try await titles("PLAIN") == ["Plain"])
        #expect(try await titles("ASCII") == ["Plain"])
        #expect(try await titles("cafe") == [])  // accents count
        #expect(try await titles("%") == ["100% pure"])  // literal text, not a pattern
        #expect(try await titles("_") == ["100% pure"])
        #expect(try await made.store.songs(in: playlist.id, SongQuery(filter: "É")).total == 2)
    }

    // MARK: Photo titles

    @Test(arguments: Backend.allCases)
    func thePhotoTitleFilterIgnoresCaseBeyondASCII(_ backend: Backend) async throws {
        let made = try Self.photos(backend)
        let photos = [
            Photo(albumId: 1, id: 1, title: "Café au lait", url: "https://x/1", thumbnailUrl: "https://x/t1"),
            Photo(albumId: 1, id: 2, title: "ΑΘΗΝΑ by night", url: "https://x/2", thumbnailUrl: "https://x/t2"),
            Photo(albumId: 2, id: 3, title: "plain title", url: "https://x/3", thumbnailUrl: "https://x/t3"),
        ]
        _ = try await made.store.replace(with: FetchedPhotos(photos), source: "https://x", fetchedAt: Date(timeIntervalSince1970: 0))
        func ids(_ text: String) async throws -> [Int] {
            try await made.store.page(PhotoQuery(text: text)).photos.map(\.id)
        }
        #expect(try await ids("CAFÉ") == [1])
        #expect(try await ids("αθηνα") == [2])
        #expect(try await ids("TITLE") == [3])
        #expect(try await ids("cafe") == [])
    }

    // MARK: Stars search

    /// The store searches by word prefixes through FTS5's unicode61
    /// tokenizer, which folds case and drops diacritics: the double does too.
    @Test(arguments: Backend.allCases)
    func theStarsSearchIgnoresCaseAndAccentsBeyondASCII(_ backend: Backend) async throws {
        let made = try Self.stars(backend)
        let stars = [
            StarredRepository(id: 1, fullName: "chef/Café-Racer", description: "Motos ÉLECTRIQUES"),
            StarredRepository(id: 2, fullName: "plain/tool", description: "ascii only"),
        ]
        try await made.store.replaceAll(stars, user: "u")
        func ids(_ search: String) async throws -> [Int64] {
            try await made.store.page(user: "u", StarQuery(search: search)).items.map(\.repository.id)
        }
        #expect(try await ids("CAFÉ") == [1])
        #expect(try await ids("cafe") == [1])
        #expect(try await ids("électriques") == [1])
        #expect(try await ids("ASCII") == [2])
    }
}

/// User names: the SQLite profile store against the same rule (the
/// in-memory authentication of the view-model tests folds with
/// `CaseFolding` too).
@Suite struct ProfileNameFoldingTests {
    @Test func signingInAsCAFEFindsCafe() async throws {
        let folder = TemporaryDirectory("facet-fold-users")
        let store = SQLiteSessionStore(database: try FacetDatabase(path: folder.path + "/facet.sqlite"))
        let first = try await store.startSession(
            for: try PersonName(first: "Zoé", last: "Ångström"), tokenHash: String(repeating: "a", count: 64), at: Date())
        #expect(first.createdProfile)
        let again = try await store.startSession(
            for: try PersonName(first: "ZOÉ", last: "ÅNGSTRÖM"), tokenHash: String(repeating: "b", count: 64), at: Date())
        #expect(!again.createdProfile)
        #expect(again.profile.id == first.profile.id)
        #expect(try await store.profile(named: try PersonName(first: "zoé", last: "ångström"))?.id == first.profile.id)
        #expect(try await store.profile(named: try PersonName(first: "Zoe", last: "Angstrom")) == nil)
    }
}
