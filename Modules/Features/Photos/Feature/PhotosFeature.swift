import FeatureKit
import Foundation
import KernelDomain
import KernelPersistence
import KernelPresentation
import KernelServices
import PhotosDomain
import PhotosPersistence
import PhotosPresentation
import PhotosServices
import ScreenKit

/// Wires the photo screens (seed 003): the cache on the app's database, the
/// list fetched through the process's one HTTP client from the signed-in
/// user's `photos-base-url` (JSONPlaceholder by default), images opened
/// through the shared URL opener. Seed 003's factory, as the composition root.
public final class PhotosFeature: Feature {
    public static let migrations = Migrations.photos

    let catalog: PhotoCatalog
    let opener: @Sendable (String) async throws -> Bool
    let account: AccountCenter
    let pictures: any PictureSource

    public init(context: FeatureContext) {
        pictures = context.pictures
        catalog = PhotoCatalog(
            store: SQLitePhotoStore(database: context.database), source: HTTPPhotoSource(client: context.http),
            now: context.now)
        opener = Self.makeOpener(context.urlOpener)
        account = context.account
    }

    public func register(in registry: ScreenRegistry) {
        let catalog = catalog
        let opener = opener
        let account = account
        let pictures = pictures
        let baseURL: @MainActor () -> String = {
            account.settings?.photosBaseURL ?? SettingsRules.defaultPhotosBaseURL
        }
        registry.register(ScreenRegistration(PhotosViewModel.descriptor) { params in
            PhotosViewModel(
                catalog: catalog, baseURL: baseURL, readSettings: { try? await account.refresh() }, opener: opener, album: params.int("album"),
                text: params.string("filter") ?? "",
                sort: params.string("sort").flatMap(PhotoSort.init(rawValue:)) ?? .id,
                reverse: params.bool(ListGrammar.reverse) ?? false, page: params.int("page") ?? 1,
                pageSize: account.settings?.pageSize ?? SettingsRules.defaultPageSize,
                offline: params.bool("offline") ?? false, pictures: pictures)
        })
        registry.register(ScreenRegistration(PhotoDetailViewModel.descriptor) { params in
            PhotoDetailViewModel(catalog: catalog, id: params.int("id") ?? 0, opener: opener, pictures: pictures)
        })
    }

    /// Opens an image URL in the browser when one is there. Only https URLs
    /// of plain ASCII without credentials are handed over (the list is
    /// untrusted network data); with no browser the URL is shown instead.
    static func makeOpener(_ opener: any URLOpener) -> @Sendable (String) async throws -> Bool {
        { url in
            try await opener.open(try PhotoRules.openableURL(url))
        }
    }
}
