import Foundation
import KernelDomain
import KernelPersistence

/// What every feature may use: the app's one database, the process
/// environment and mode, the app's version, and the services shared across
/// features (installation facts, the signed-in user and their settings).
///
/// Handed to features by the composition root; front ends never see it.
@MainActor
public final class FeatureContext {
    public let database: FacetDatabase
    public let environment: [String: String]
    /// Whether the process runs one command or stays up: a feature leaves
    /// out what only a long-running process needs (a folder watcher).
    public let mode: ProcessMode
    /// The app's version (`facet --version`), for what a feature writes that
    /// records it (an export's header): given here, so no feature reaches
    /// into the app for it.
    public let version: String
    public let meta: MetaStore
    /// The signed-in user and their settings, shared by every screen of every
    /// feature (a playlist's page size is a user setting).
    public let account: AccountCenter
    /// The one HTTP client of the process (opened on first use), shared by
    /// every feature that talks to a web API.
    public let http: any HTTPClient
    /// Shows web pages (`$BROWSER`/`xdg-open`), or reports that it cannot.
    public let urlOpener: any URLOpener
    /// The process's one picture cache (covers, photos), shared by every
    /// feature that shows pictures.
    public let pictures: any PictureSource
    /// The time fetches are stamped with and ages are measured against: now,
    /// or the fixed instant in `FACET_CLOCK` (seconds since 1970), so that
    /// end-to-end tests in different processes, minutes apart on a loaded
    /// machine, produce identical snapshots.
    public let now: @Sendable () -> Date

    public init(
        database: FacetDatabase, environment: [String: String], mode: ProcessMode, version: String,
        account: AccountCenter, http: any HTTPClient, urlOpener: any URLOpener, pictures: any PictureSource
    ) {
        if let fixed = environment["FACET_CLOCK"].flatMap(Double.init) {
            let instant = Date(timeIntervalSince1970: fixed)
            now = { instant }
        } else {
            now = { Date() }
        }
        self.database = database
        self.environment = environment
        self.mode = mode
        self.version = version
        self.meta = MetaStore(database: database)
        self.account = account
        self.http = http
        self.urlOpener = urlOpener
        self.pictures = pictures
    }
}
