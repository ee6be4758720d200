import Domain
import Persistence
import Presentation
import ScreenKit
import Services

/// Wires the starred-repositories screens (seed 000): the GitHub client on
/// the shared HTTP client, the SQLite cache, the browser opener, and the
/// shared account (so a changed username shows on the next open).
enum StarsFeature: Feature {
    static func register(in registry: ScreenRegistry, services: AppServices) {
        let settingsStore = SQLiteSettingsStore(database: services.database)
        let access = StarsAccess(
            library: StarsLibrary(
                source: GitHubStarredClient(http: services.http), store: SQLiteStarStore(database: services.database)),
            opener: services.urlOpener, account: services.account,
            token: { profile in try await settingsStore.githubToken(for: profile) })
        registry.register(ScreenRegistration(StarsViewModel.descriptor) { params in
            StarsViewModel(
                access: access, search: params.string("search") ?? "", language: params.string("language"),
                sort: params.string("sort").flatMap(StarSort.init(rawValue:)) ?? .starred,
                refresh: params.string("refresh").flatMap(StarsViewModel.RefreshMode.init(rawValue:)) ?? .auto,
                pageSize: services.account.settings?.pageSize ?? SettingsRules.defaultPageSize)
        })
        registry.register(ScreenRegistration(RepositoryViewModel.descriptor) { params in
            RepositoryViewModel(access: access, name: params.string("name") ?? "")
        })
    }
}
