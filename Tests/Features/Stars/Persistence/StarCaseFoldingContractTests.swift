import Foundation
import KernelDomain
import KernelPersistence
import StarsDomain
import StarsPersistence
import TestSupport
import Testing

/// One contract, two implementations: the in-memory stores the view-model
/// tests use and the SQLite stores the product uses (a real file in a temp
/// folder) must ignore case the same way, non-ASCII included, or a view-model
/// test can pass on behaviour the product does not have. The rule
/// (`CaseFolding`): Unicode lowercase, so "Café" and "CAFÉ" are one name.
@Suite struct StarCaseFoldingContractTests {
    typealias Backend = StoreBackend
    typealias Made = MadeStore

    static func database() throws -> (FacetDatabase, TemporaryDirectory) {
        let folder = TemporaryDirectory("facet-fold")
        return (try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.stars), folder)
    }

    static func stars(_ backend: Backend) throws -> Made<any StarStore> {
        switch backend {
        case .memory: return Made(store: InMemoryStarStore(), folder: nil)
        case .sqlite:
            let (database, folder) = try database()
            return Made(store: SQLiteStarStore(database: database), folder: folder)
        }
    }

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
