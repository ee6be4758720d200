import Foundation
import KernelDomain
import KernelPersistence
import PlaylistsDomain
import PlaylistsPersistence
import TestSupport
import Testing

/// One contract, two implementations: the in-memory stores the view-model
/// tests use and the SQLite stores the product uses (a real file in a temp
/// folder) must ignore case the same way, non-ASCII included, or a view-model
/// test can pass on behaviour the product does not have. The rule
/// (`CaseFolding`): Unicode lowercase, so "Café" and "CAFÉ" are one name.
@Suite struct PlaylistCaseFoldingContractTests {
    typealias Backend = StoreBackend
    typealias Made = MadeStore

    static func database() throws -> (FacetDatabase, TemporaryDirectory) {
        let folder = TemporaryDirectory("facet-fold")
        return (try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.playlists + Migrations.playlistsLater), folder)
    }

    static func playlists(_ backend: Backend) throws -> Made<any PlaylistStore> {
        switch backend {
        case .memory: return Made(store: InMemoryPlaylistStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLitePlaylistStore(database: database), folder: folder)
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
}
