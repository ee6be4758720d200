import Foundation
import KernelDomain

/// The photo use cases: refresh the cache from the API, read it a window at
/// a time, look one photo up. Source and store are ports, so view models
/// test against in-memory doubles and the cache never sees HTTP.
public struct PhotoCatalog: Sendable {
    public let store: any PhotoStore
    public let source: any PhotoSource
    /// The time a fetch is stamped with (a fixed clock in tests).
    public let now: @Sendable () -> Date

    public init(store: any PhotoStore, source: any PhotoSource, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.source = source
        self.now = now
    }

    /// Fetches the whole list, checks it, and only then replaces the cache in
    /// one transaction. Any failure leaves the last good list as it was.
    public func refresh(baseURL: String) async throws -> PhotoCacheInfo {
        let fetched = try await source.photos(baseURL: baseURL, album: nil)
        try PhotoRules.check(fetched.photos)
        return try await store.replace(with: fetched, source: baseURL, fetchedAt: now())
    }

    public func cacheInfo() async throws -> PhotoCacheInfo? { try await store.cacheInfo() }

    public func page(_ query: PhotoQuery) async throws -> PhotoPage { try await store.page(query) }

    /// The cached photo with `id`, or `PhotoError.notFound`.
    public func photo(id: Int) async throws -> Photo {
        guard let photo = try await store.photo(id: id) else { throw PhotoError.notFound(id: id) }
        return photo
    }
}
