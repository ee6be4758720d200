import KernelDomain
import KernelPersistence

/// What every feature may use: the app's one database, the process
/// environment, and the services shared across features (installation
/// facts, the signed-in user and their settings).
///
/// Handed to features by the composition root; front ends never see it.
@MainActor
public final class FeatureContext {
    public let database: FacetDatabase
    public let environment: [String: String]
    public let meta: MetaStore
    /// The signed-in user and their settings, shared by every screen of every
    /// feature (a playlist's page size is a user setting).
    public let account: AccountCenter
    /// The one HTTP client of the process (opened on first use), shared by
    /// every feature that talks to a web API.
    public let http: any HTTPClient
    /// Shows web pages (`$BROWSER`/`xdg-open`), or reports that it cannot.
    public let urlOpener: any URLOpener

    public init(
        database: FacetDatabase, environment: [String: String], account: AccountCenter, http: any HTTPClient,
        urlOpener: any URLOpener
    ) {
        self.database = database
        self.environment = environment
        self.meta = MetaStore(database: database)
        self.account = account
        self.http = http
        self.urlOpener = urlOpener
    }
}
