import Foundation
import KernelDomain

/// Fetches the photo list from a JSONPlaceholder-compatible API (seed 003's
/// `MyAPI.getPhotos`). The live adapter speaks HTTP through the shared
/// client; view models and tests see only this protocol.
public protocol PhotoSource: Sendable {
    /// Every photo at `baseURL` + `/photos` (only `album`'s when given),
    /// parsed and checked: the whole list or a `PhotoError` — never part of one.
    func photos(baseURL: String, album: Int?) async throws -> FetchedPhotos
}

/// A fetched list and a fingerprint of what it was read from.
public struct FetchedPhotos: Sendable, Equatable {
    public var photos: PhotoList
    /// Equal fingerprints mean equal lists (the live source: the SHA-256 of
    /// the body the list was parsed from), so a store can tell "the same
    /// list again" without comparing every row. Nil when the source cannot
    /// say; the store then compares.
    public var fingerprint: Data?

    public init(_ photos: PhotoList, fingerprint: Data? = nil) {
        self.photos = photos
        self.fingerprint = fingerprint
    }

    public init(_ photos: [Photo], fingerprint: Data? = nil) {
        self.init(PhotoList(photos), fingerprint: fingerprint)
    }
}

/// The local cache of the last good list. Photos are only ever read a
/// window at a time, so a screen never holds the whole list for display.
public protocol PhotoStore: Sendable {
    /// What is cached, or nil when nothing was ever fetched.
    func cacheInfo() async throws -> PhotoCacheInfo?
    /// Replaces the whole cache with `fetched` in one transaction: afterwards
    /// the store holds either the old list or the new one, never a mix or a
    /// part. A fingerprint equal to the cached list's means nothing changed.
    func replace(with fetched: FetchedPhotos, source: String, fetchedAt: Date) async throws -> PhotoCacheInfo
    func page(_ query: PhotoQuery) async throws -> PhotoPage
    func photo(id: Int) async throws -> Photo?
}
