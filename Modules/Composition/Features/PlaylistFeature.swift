import Domain
import Presentation
import ScreenKit
import Services

/// Wires the playlist screens (seed 001).
enum PlaylistFeature: Feature {
    static let homeScreen = PlaylistsViewModel.screenID

    static func register(in registry: ScreenRegistry, services: AppServices) {
        let library = services.playlists
        registry.register(ScreenRegistration(PlaylistsViewModel.descriptor) { _ in
            PlaylistsViewModel(library: library)
        })
        registry.register(ScreenRegistration(PlaylistViewModel.descriptor) { params in
            PlaylistViewModel(
                library: library, name: params.string("name") ?? "",
                filter: params.string("filter") ?? "",
                sort: params.string("sort").flatMap(SongSort.init(rawValue:)) ?? .position,
                page: params.int("page") ?? 1,
                pageSize: services.account.settings?.pageSize ?? SettingsRules.defaultPageSize)
        })
    }

    static func seedSample(_ services: AppServices) async throws {
        // Read first: start-up must not need the write lock (another process
        // may hold it for a long import while this one only wants to read).
        guard try await services.meta.value("sample_seeded") == nil,
              try await services.meta.claim("sample_seeded", value: "1") else { return }
        do {
            _ = try await services.playlists.importMaterial(
                EmbeddedSample.material, name: EmbeddedSample.name, source: EmbeddedSample.source)
        } catch PlaylistError.duplicateName {
            // The user already has a playlist with that name: keep theirs.
        }
    }
}
