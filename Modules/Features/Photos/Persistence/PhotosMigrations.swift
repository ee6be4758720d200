import GRDB
import KernelDomain
import KernelPersistence
import PhotosDomain

/// The photos feature's schema changes, oldest first. An identifier,
/// once shipped, is permanent (existing databases recorded it); new
/// migrations are appended here and to the feature's `migrations`.
extension Migration {
    /// The photo list cache (seed 003) with its fetch time.
    public static let photosV3 = Migration("v3-photos", body: PhotosSchema.create)

    /// The cached photo list's digest, so a refresh that fetched the same
    /// list again is recognised without comparing every row.
    public static let photosListDigestV6 = Migration("v6-photos-list-digest", body: PhotosSchema.addListDigest)

    /// Title order sorted on read: refreshes no longer keep a title index.
    public static let photosNoTitleIndexV7 = Migration("v7-photos-no-title-index", body: PhotosSchema.dropTitleIndex)
}

extension Migrations {
    /// The photos feature's migrations, in the order a fresh database runs them.
    public static let photos: [Migration] = [.photosV3, .photosListDigestV6, .photosNoTitleIndexV7]
}
