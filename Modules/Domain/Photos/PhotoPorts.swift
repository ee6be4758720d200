import Foundation

/// Fetches the photo list from a JSONPlaceholder-compatible API (seed 003's
/// `MyAPI.getPhotos`). The live adapter speaks HTTP through the shared
/// client; view models and tests see only this protocol.
public protocol PhotoSource: Sendable {
    /// Every photo at `baseURL` + `/photos` (only `album`'s when given),
    /// parsed and checked: the whole list or a `PhotoError` — never part of one.
    func photos(baseURL: String, album: Int?) async throws -> [Photo]
}

/// The local cache of the last good list. Photos are only ever read a
/// window at a time, so a screen never holds the whole list for display.
public protocol PhotoStore: Sendable {
    /// What is cached, or nil when nothing was ever fetched.
    func cacheInfo() async throws -> PhotoCacheInfo?
    /// Replaces the whole cache with `photos` in one transaction: afterwards
    /// the store holds either the old list or the new one, never a mix or a part.
    func replace(with photos: [Photo], source: String, fetchedAt: Date) async throws -> PhotoCacheInfo
    func page(_ query: PhotoQuery) async throws -> PhotoPage
    func photo(id: Int) async throws -> Photo?
}
