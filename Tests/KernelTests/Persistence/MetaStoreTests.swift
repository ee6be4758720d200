import KernelPersistence
import TestSupport
import Testing

@Suite struct MetaStoreTests {
    @Test func claimSucceedsOnce() async throws {
        let dir = TemporaryDirectory()
        let database = try FacetDatabase(path: dir.path + "/facet.sqlite")
        let meta = MetaStore(database: database)
        #expect(try await meta.claim("sample_seeded", value: "1"))
        #expect(try await !meta.claim("sample_seeded", value: "2"))
        #expect(try await meta.value("sample_seeded") == "1")
    }
}
