import Foundation
import KernelDomain
import KernelPersistence
import PhotosDomain
import PhotosPersistence
import TestSupport
import Testing

/// One contract, two implementations: the in-memory stores the view-model
/// tests use and the SQLite stores the product uses (a real file in a temp
/// folder) must ignore case the same way, non-ASCII included, or a view-model
/// test can pass on behaviour the product does not have. The rule
/// (`CaseFolding`): Unicode lowercase, so "Café" and "CAFÉ" are one name.
@Suite struct PhotoCaseFoldingContractTests {
    typealias Backend = StoreBackend
    typealias Made = MadeStore

    static func database() throws -> (FacetDatabase, TemporaryDirectory) {
        let folder = TemporaryDirectory("facet-fold")
        return (try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.photos), folder)
    }

    static func photos(_ backend: Backend) throws -> Made<any PhotoStore> {
        switch backend {
        case .memory: return Made(store: InMemoryPhotoStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLitePhotoStore(database: database), folder: folder)
        }
    }

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
}
