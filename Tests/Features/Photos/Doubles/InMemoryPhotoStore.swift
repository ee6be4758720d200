import Foundation
import KernelDomain
import PhotosDomain

/// A `PhotoStore` in memory, for view-model and use-case tests. It keeps
/// the port's contract (replace is all or nothing, filters, sorts, windows)
/// so tests of one layer do not depend on SQLite.
public final class InMemoryPhotoStore: PhotoStore, @unchecked Sendable {
    private let lock = NSLock()
    private var photos: [Photo] = []
    private var info: PhotoCacheInfo?
    /// When set, the next `replace` throws it (and changes nothing).
    public var failNextReplace: (any Error)?
    public private(set) var pageRequests: [PhotoQuery] = []
    public private(set) var replaceCount = 0

    public init(_ photos: [Photo] = [], fetchedAt: Date? = nil, source: String = "https://example.test") {
        if let fetchedAt {
            self.photos = photos
            info = PhotoCacheInfo(count: photos.count, fetchedAt: fetchedAt, source: source)
        }
    }

    /// Every photo stored, for assertions (never used by a screen).
    public var all: [Photo] { lock.withLock { photos } }

    public func cacheInfo() async throws -> PhotoCacheInfo? { lock.withLock { info } }

    public func replace(with fetched: FetchedPhotos, source: String, fetchedAt: Date) async throws -> PhotoCacheInfo {
        let photos = Array(fetched.photos)
        return try lock.withLock {
            if let failure = failNextReplace {
                failNextReplace = nil
                throw failure
            }
            replaceCount += 1
            self.photos = photos
            let stored = PhotoCacheInfo(count: photos.count, fetchedAt: fetchedAt, source: source)
            info = stored
            return stored
        }
    }

    public func page(_ query: PhotoQuery) async throws -> PhotoPage {
        lock.withLock {
            pageRequests.append(query)
            var matching = photos.filter { photo in
                (query.album.map { photo.albumId == $0 } ?? true)
                    && CaseFolding.contains(photo.title, foldedNeedle: CaseFolding.fold(query.text))
            }
            switch query.sort {
            case .id: matching.sort { $0.id < $1.id }
            case .album: matching.sort { ($0.albumId, $0.id) < ($1.albumId, $1.id) }
            case .title: matching.sort { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
            }
            if query.descending { matching.reverse() }
            let start = min(max(0, query.offset), matching.count)
            let end = min(matching.count, start + max(0, query.limit))
            return PhotoPage(photos: Array(matching[start..<end]), total: matching.count, offset: max(0, query.offset))
        }
    }

    public func photo(id: Int) async throws -> Photo? { lock.withLock { photos.first { $0.id == id } } }
}

/// A `PhotoSource` whose answer each test sets: a list, or an error. It can
/// hold a fetch until released, to observe a refresh in progress.
public final class StubPhotoSource: PhotoSource, @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<[Photo], any Error>
    private var held: [CheckedContinuation<Void, Never>] = []
    public var hold = false
    public private(set) var requests: [String] = []

    public init(_ photos: [Photo] = []) { result = .success(photos) }

    public func answer(_ photos: [Photo]) { lock.withLock { result = .success(photos) } }
    public func fail(_ error: any Error) { lock.withLock { result = .failure(error) } }

    /// Lets every held fetch go on.
    public func release() {
        let waiting = lock.withLock {
            hold = false
            let waiting = held
            held = []
            return waiting
        }
        waiting.forEach { $0.resume() }
    }

    public var requestCount: Int { lock.withLock { requests.count } }

    public func photos(baseURL: String, album: Int?) async throws -> FetchedPhotos {
        let mustHold = lock.withLock {
            requests.append(baseURL)
            return hold
        }
        if mustHold {
            await withCheckedContinuation { continuation in
                let stillHolding = lock.withLock {
                    if hold { held.append(continuation) }
                    return hold
                }
                if !stillHolding { continuation.resume() }
            }
        }
        let answer = lock.withLock { result }
        let photos = try answer.get()
        return FetchedPhotos(album.map { album in photos.filter { $0.albumId == album } } ?? photos)
    }

    /// `count` photos shaped like the API's: 50 per album, ids from 1.
    public static func sample(_ count: Int) -> [Photo] {
        (1...max(1, count)).prefix(count).map { id in
            Photo(
                albumId: (id - 1) / 50 + 1, id: id, title: "photo \(id) title",
                url: "https://via.placeholder.com/600/\(id)", thumbnailUrl: "https://via.placeholder.com/150/\(id)")
        }
    }
}
