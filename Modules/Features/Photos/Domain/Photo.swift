import Foundation
import KernelDomain

/// One photo of a JSONPlaceholder-compatible API (seed 003's `VCTableCellData`,
/// with all five fields read from their real keys — the seed read `albumId`
/// from the wrong one).
public struct Photo: Equatable, Hashable, Sendable, Identifiable {
    /// The album the photo belongs to (`albumId`).
    public var albumId: Int
    /// Unique across the list (`id`); the cache's primary key.
    public var id: Int
    /// Untrusted text from the network: exact here, sanitised by terminal front ends.
    public var title: String
    /// The full-size image (`url`).
    public var url: String
    /// The small image (`thumbnailUrl`).
    public var thumbnailUrl: String

    public init(albumId: Int, id: Int, title: String, url: String, thumbnailUrl: String) {
        self.albumId = albumId
        self.id = id
        self.title = title
        self.url = url
        self.thumbnailUrl = thumbnailUrl
    }
}

/// The last good list as cached: how many photos, when and from where they
/// were fetched. Nil from a store means nothing was ever fetched.
public struct PhotoCacheInfo: Equatable, Sendable {
    public var count: Int
    public var fetchedAt: Date
    /// The base URL the list came from (settings may have changed since).
    public var source: String

    public init(count: Int, fetchedAt: Date, source: String) {
        self.count = count
        self.fetchedAt = fetchedAt
        self.source = source
    }
}

/// How a page of cached photos is ordered.
public enum PhotoSort: String, CaseIterable, Sendable {
    /// By photo id (the API's order).
    case id
    /// Grouped by album (album id, then photo id).
    case album
    /// By title, ignoring ASCII case, then id.
    case title
}

/// Which cached photos to read: an album and/or title text, in an order, one window.
public struct PhotoQuery: Equatable, Sendable {
    /// Only this album; nil for all.
    public var album: Int?
    /// Only titles containing this text (ASCII case ignored); empty for all.
    public var text: String
    public var sort: PhotoSort
    /// The order the other way round (last id, last album, Z first).
    public var descending: Bool
    public var offset: Int
    public var limit: Int

    public init(
        album: Int? = nil, text: String = "", sort: PhotoSort = .id, descending: Bool = false, offset: Int = 0,
        limit: Int = 50
    ) {
        self.album = album
        self.text = text
        self.sort = sort
        self.descending = descending
        self.offset = offset
        self.limit = limit
    }
}

/// One window of the matching photos and how many match in all.
public struct PhotoPage: Equatable, Sendable {
    public var photos: [Photo]
    /// Matching photos in the whole cache, not just this window.
    public var total: Int
    /// Index of `photos[0]` among all matching photos.
    public var offset: Int

    public init(photos: [Photo], total: Int, offset: Int) {
        self.photos = photos
        self.total = total
        self.offset = offset
    }
}
