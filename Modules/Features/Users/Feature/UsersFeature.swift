import FeatureKit
import KernelDomain
import KernelPersistence
import KernelPresentation
import KernelServices
import ScreenKit
import UsersPersistence
import UsersPresentation
import UsersServices

/// Wires the login, account and settings screens (seeds 004 and 000), and
/// keeps the accounts: its stores are the account ports of the process. Every
/// screen shares one `AccountCenter` (built by the composition root from
/// those ports, since other features read the user's settings too), so a
/// sign-in or a saved setting shows at once on every open screen.
public final class UsersFeature: Feature {
    public static let migrations = Migrations.users
    public static let laterMigrations = Migrations.usersLater

    let account: AccountCenter

    public init(context: FeatureContext) { account = context.account }

    public func register(in registry: ScreenRegistry) {
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
    public func prepare() async throws {
        try? await account.refresh()
    }

    /// The live authentication and settings adapters on the app's database:
    /// every feature reads the signed-in user through them.
    public static func accountPorts(database: FacetDatabase) -> AccountPorts? {
        let sessions = SQLiteSessionStore(database: database)
        return AccountPorts(
            authentication: LocalAuthenticationService(sessions: sessions), settings: SQLiteSettingsStore(database: database))
    }
}
