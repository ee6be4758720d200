import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PhotosDomain

/// `PhotoStore` on the Facet database: the last good photo list and when it
/// was fetched.
public struct SQLitePhotoStore: PhotoStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func cacheInfo() async throws -> PhotoCacheInfo? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT fetched_at, source, photo_count FROM photo_fetch").map { row in
                PhotoCacheInfo(
                    count: row["photo_count"], fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
                    source: row["source"])
            }
        }
    }

    /// One write transaction: make the rows equal the new list, stamp the
    /// header. A failure anywhere (a duplicate id, a full disk) rolls the
    /// whole of it back, so readers see the old list or the new one. A list
    /// whose fingerprint (and count) match the cached one's leaves the rows
    /// alone: comparing every row would cost more than the check saves.
    public func replace(with fetched: FetchedPhotos, source: String, fetchedAt: Date) async throws -> PhotoCacheInfo {
        let photos = fetched.photos
        let fingerprint = fetched.fingerprint
        try await database.write { db in
            let cached = try Row.fetchOne(db, sql: "SELECT list_digest, photo_count FROM photo_fetch")
            let cachedFingerprint: Data? = cached?["list_digest"]
            let cachedCount: Int? = cached?["photo_count"]
            let unchanged = fingerprint != nil && cachedFingerprint == fingerprint && cachedCount == photos.count
            if !unchanged { try PhotoBulkUpsert.replaceAll(with: photos, db) }
            try db.execute(
                sql: """
                    INSERT INTO photo_fetch (singleton, fetched_at, source, photo_count, list_digest) VALUES (1, ?, ?, ?, ?)
                    ON CONFLICT (singleton) DO UPDATE SET
                        fetched_at = excluded.fetched_at, source = excluded.source,
                        photo_count = excluded.photo_count, list_digest = excluded.list_digest
                    """,
                arguments: [fetchedAt.timeIntervalSince1970, source, photos.count, fingerprint])
        }
        return PhotoCacheInfo(count: photos.count, fetchedAt: fetchedAt, source: source)
    }

    public func page(_ query: PhotoQuery) async throws -> PhotoPage {
        try await database.read { db in try PhotoPageQuery(query: query).fetch(db) }
    }

    public func photo(id: Int) async throws -> Photo? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, album_id, title, url, thumbnail_url FROM photo WHERE id = ?", arguments: [id]
            ).map(PhotoPageQuery.photo)
        }
    }
}
