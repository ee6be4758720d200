import Domain
import Foundation
import Persistence
import Presentation
import ScreenKit
import Services

/// Wires the photo screens (seed 003): the cache on the app's database, the
/// list fetched through the process's one HTTP client from the signed-in
/// user's `photos-base-url` (JSONPlaceholder by default), images opened
/// through the shared URL opener. Seed 003's factory, as the composition root.
enum PhotosFeature: Feature {
    static func register(in registry: ScreenRegistry, services: AppServices) {
        let catalog = makeCatalog(services)
        let opener = makeOpener(services)
        let baseURL: @MainActor () -> String = {
            services.account.settings?.photosBaseURL ?? SettingsRules.defaultPhotosBaseURL
        }
        registry.register(ScreenRegistration(PhotosViewModel.descriptor) { params in
            PhotosViewModel(
                catalog: catalog, baseURL: baseURL, opener: opener, album: params.int("album"),
                text: params.string("filter") ?? "",
                sort: params.string("sort").flatMap(PhotoSort.init(rawValue:)) ?? .id, page: params.int("page") ?? 1,
                pageSize: services.account.settings?.pageSize ?? SettingsRules.defaultPageSize,
                offline: params.bool("offline") ?? false)
        })
        registry.register(ScreenRegistration(PhotoDetailViewModel.descriptor) { params in
            PhotoDetailViewModel(catalog: catalog, id: params.int("id") ?? 0, opener: opener)
        })
    }

    static func makeCatalog(_ services: AppServices) -> PhotoCatalog {
        PhotoCatalog(
            store: SQLitePhotoStore(database: services.database), source: HTTPPhotoSource(client: services.http),
            now: clock(services.environment))
    }

    /// Opens an image URL in the browser when one is there. Only https URLs
    /// of plain ASCII without credentials are handed over (the list is
    /// untrusted network data); with no browser the URL is shown instead.
    static func makeOpener(_ services: AppServices) -> @Sendable (String) async throws -> Void {
        let opener = services.urlOpener
        return { url in
            _ = try await opener.open(try PhotoRules.openableURL(url))
        }
    }

    /// The time photo fetches are stamped with: now, or the fixed instant in
    /// `FACET_PHOTOS_CLOCK` (seconds since 1970) so end-to-end tests in
    /// different processes produce identical snapshots.
    static func clock(_ environment: [String: String]) -> @Sendable () -> Date {
        if let fixed = environment["FACET_PHOTOS_CLOCK"].flatMap(Double.init) {
            let instant = Date(timeIntervalSince1970: fixed)
            return { instant }
        }
        return { Date() }
    }
}
