import Domain
import Persistence

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

    public init(database: FacetDatabase, environment: [String: String], account: AccountCenter) {
        self.database = database
        self.environment = environment
        self.meta = MetaStore(database: database)
        self.account = account
    }
}
