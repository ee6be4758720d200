@testable import KernelPersistence
import PhotosDomain
@testable import PhotosPersistence
import Testing

/// The refresh's lookup of cached albums: each id answers once, and what
/// no one asked for is what the new list dropped; dense and sparse ids alike.
@Suite struct CachedAlbumsTests {
    @Test(arguments: [[1, 2, 3, 5], [-4, 7, 90_000_000, 2]])
    func eachIDAnswersOnceAndTheRestAreUntaken(ids: [Int]) {
        var albums = CachedAlbums(ids: ids, albums: ids.map { $0 * 10 })
        #expect(albums.take(ids[0]) == ids[0] * 10)
        #expect(albums.take(ids[0]) == nil)
        #expect(albums.take(ids[2]) == ids[2] * 10)
        #expect(albums.take(123_456) == nil)
        #expect(albums.take(-1) == nil)
        #expect(Set(albums.untaken) == [ids[1], ids[3]])
    }

    @Test func anEmptyCacheHasNothingToTakeOrDrop() {
        var albums = CachedAlbums(ids: [], albums: [])
        #expect(albums.take(1) == nil)
        #expect(albums.take(0) == nil)
        #expect(albums.untaken.isEmpty)
    }

    @Test func albumZeroAndNegativeAlbumsAreAnswers() {
        var albums = CachedAlbums(ids: [1, 2], albums: [0, -3])
        #expect(albums.take(1) == 0)
        #expect(albums.take(2) == -3)
        #expect(albums.untaken.isEmpty)
    }
}
