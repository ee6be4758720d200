import Domain
import Persistence
import Presentation
import ScreenKit
import Services

/// Wires the login, account and settings screens (seeds 004 and 000). Every
/// screen of the process shares one `AccountCenter`, so a sign-in or a saved
/// setting shows at once on every open screen.
enum UsersFeature: Feature {
    static func register(in registry: ScreenRegistry, services: AppServices) {
        registry.register(ScreenRegistration(LoginViewModel.descriptor) { params in
            LoginViewModel(
                account: services.account, firstName: params.string("first-name") ?? "",
                lastName: params.string("last-name") ?? "")
        })
        registry.register(ScreenRegistration(AccountViewModel.descriptor) { _ in
            AccountViewModel(account: services.account)
        })
        registry.register(ScreenRegistration(SettingsViewModel.descriptor) { _ in
            SettingsViewModel(account: services.account)
        })
    }

    /// The live authentication and settings adapters on the app's database.
    @MainActor
    static func makeAccount(database: FacetDatabase) -> AccountCenter {
        let sessions = SQLiteSessionStore(database: database)
        return AccountCenter(
            authentication: LocalAuthenticationService(sessions: sessions),
            settings: SQLiteSettingsStore(database: database))
    }

    /// Reads who is signed in once at start-up, so screens built without
    /// awaiting (the playlist's page size) see the user's settings. A
    /// database that cannot say leaves the defaults; screens report it.
    @MainActor
    static func prepare(_ services: AppServices) async {
        try? await services.account.refresh()
    }

    /// The signed-in user's preferred front end, nil if nobody is signed in,
    /// they have no preference, or the database cannot say.
    @MainActor
    static func preferredFrontEnd(_ account: AccountCenter) async -> String? {
        do {
            try await account.refresh()
        } catch {
            return nil
        }
        return account.settings?.preferredUI?.rawValue
    }
}
