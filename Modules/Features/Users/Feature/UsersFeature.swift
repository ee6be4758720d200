import FeatureKit
import KernelDomain
import KernelPersistence
import KernelPresentation
import KernelServices
import ScreenKit
import UsersPersistence
import UsersPresentation
import UsersServices

/// Wires the login, account and settings screens (seeds 004 and 000). Every
/// screen of the process shares one `AccountCenter` (built by the
/// composition root, since other features read the user's settings too), so
/// a sign-in or a saved setting shows at once on every open screen.
final class UsersFeature: Feature {
    static let migrations = Migrations.users

    let account: AccountCenter

    init(context: FeatureContext) { account = context.account }

    func register(in registry: ScreenRegistry) {
        let account = account
        registry.register(ScreenRegistration(LoginViewModel.descriptor) { params in
            LoginViewModel(
                account: account, firstName: params.string("first-name") ?? "",
                lastName: params.string("last-name") ?? "")
        })
        registry.register(ScreenRegistration(AccountViewModel.descriptor) { _ in
            AccountViewModel(account: account)
        })
        registry.register(ScreenRegistration(SettingsViewModel.descriptor) { _ in
            SettingsViewModel(account: account)
        })
    }

    /// Reads who is signed in once at start-up, so screens built without
    /// awaiting (the playlist's page size) see the user's settings. A
    /// database that cannot say leaves the defaults; screens report it.
    func prepare() async throws {
        try? await account.refresh()
    }

    /// The live authentication and settings adapters on the app's database;
    /// `frontEnds` are the names the `ui` setting accepts.
    static func makeAccount(database: FacetDatabase, frontEnds: [FrontEndChoice]) -> AccountCenter {
        let sessions = SQLiteSessionStore(database: database)
        return AccountCenter(
            authentication: LocalAuthenticationService(sessions: sessions),
            settings: SQLiteSettingsStore(database: database), frontEnds: frontEnds)
    }

    /// The signed-in user's preferred front end, nil if nobody is signed in,
    /// they have no preference, or the database cannot say.
    static func preferredFrontEnd(_ account: AccountCenter) async -> String? {
        do {
            try await account.refresh()
        } catch {
            return nil
        }
        return account.settings?.preferredUI?.rawValue
    }
}
