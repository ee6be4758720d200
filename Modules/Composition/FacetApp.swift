import FeatureKit
import KernelDomain
import KernelPersistence
import KernelServices
import ScreenKit

/// The composition root: opens the database with every feature's
/// migrations, builds the shared services once, and lets every feature
/// register its screens.
///
/// Its public surface is what a launcher and its front ends need: the
/// catalog of screens, the home screen, start-up and the signed-in user's
/// preferred front end. The database, the environment and the concrete
/// adapters stay inside.
@MainActor
public final class FacetApp {
    /// Every migration, in the order a fresh database runs them: the core
    /// tables, then each feature's own. Existing databases recorded these
    /// identifiers in this order; only appending is allowed.
    static var migrations: [Migration] { migrations(of: features) }

    static func migrations(of features: [any Feature.Type]) -> [Migration] {
        Migrations.core + features.flatMap { $0.migrations } + features.flatMap { $0.laterMigrations }
    }

    private let registry: ScreenRegistry
    private let context: FeatureContext
    private let installed: [any Feature]
    /// Commits by other processes, which make the open screens read again;
    /// nil for a one-command process (nothing it shows stays on screen).
    private var foreignCommits: ForeignCommitWatch?
    /// Ends the pictures' following of the account.
    private var pictureObservation: Observers<Void>.Cancellation?

    /// Opens (creating and migrating if needed) the database and wires every
    /// feature. `frontEnds` are the names the launcher offers (its registry),
    /// the only values the `ui` setting accepts. Throws a storage error a
    /// front end can print. `features` defaults to Facet's own; a package
    /// built on Facet appends its features (their migrations run after).
    ///
    /// `mode`: the launcher's one decision of how long the process lives
    /// (see `ProcessMode`); the database's connections, the live updates and
    /// each feature's own choices (handed `FeatureContext.mode`) follow it.
    /// `workExecutor`: where the screens' background work runs (nil: the
    /// concurrency pool).
    public init(
        environment: [String: String], frontEnds: [String], features: [any Feature.Type] = FacetApp.features,
        mode: ProcessMode = .longRunning, workExecutor: (any TaskExecutor)? = nil
    ) throws {
        let paths = AppPaths(environment: environment)
        // FACET_BUSY_TIMEOUT_MS lets tests see a lock fail fast; users keep the default.
        let timeout = environment["FACET_BUSY_TIMEOUT_MS"].flatMap(Double.init).map { $0 / 1000 } ?? FacetDatabase.busyTimeout
        let database = try FacetDatabase(
            path: paths.database, busyTimeout: timeout, migrations: Self.migrations(of: features),
            connections: mode.databaseConnections)
        guard let ports = features.lazy.compactMap({ $0.accountPorts(database: database) }).first else {
            preconditionFailure("no feature keeps accounts: list one whose accountPorts(database:) returns them")
        }
        let account = AccountCenter(
            authentication: ports.authentication, settings: ports.settings,
            frontEnds: frontEnds.map(FrontEndChoice.init(rawValue:)))
        let http = SharedHTTPClient(configuration: .from(environment: environment))
        let pictureChoice = PictureChoice(environment: environment)
        let pictures = CachedPictureSource(client: http, folder: paths.pictureCache, choice: pictureChoice)
        let context = FeatureContext(
            database: database, environment: environment, mode: mode, version: Self.version, account: account,
            http: http, urlOpener: ProcessURLOpener(environment: environment), pictures: pictures)
        self.context = context
        registry = ScreenRegistry(workExecutor: workExecutor)
        installed = features.map { $0.init(context: context) }
        for feature in installed { feature.register(in: registry) }
        // Pictures follow the signed-in user's setting: turned on or off
        // (here, by another process, or by signing in), every open screen
        // offers or withdraws its picture actions, and faces follow those.
        pictureObservation = account.observe { [registry, account] in
            if pictureChoice.follow(account.settings) { registry.publishWatchedScreensAgain() }
        }
        if mode == .longRunning {
            // The settings are data too: another process's `settings set`
            // reaches the shared account first, so the screens that read
            // again (and those that observe the account) use the new values.
            foreignCommits = database.watchForeignCommits { [registry, account] in
                Task { @MainActor in
                    try? await account.refresh()
                    registry.readWatchedScreensAgain()
                }
            }
            if let fallback = foreignCommits?.fallback { registry.warnings.append(fallback) }
        }
    }

    /// Every registered screen, for a front end.
    public var catalog: any ScreenCatalog { registry }

    /// The first screen a front end shows.
    public var home: ScreenRequest {
        installed.lazy.compactMap(\.homeScreen).first ?? ScreenRequest(screen: registry.screens.first?.id ?? "")
    }

    /// Runs every feature's one-time set-up (the embedded sample playlist on
    /// a fresh install, reading who is signed in).
    public func prepare() async throws {
        for feature in installed { try await feature.prepare() }
    }

    /// The signed-in user's preferred front end, for the launcher's third
    /// choice after `--ui` and `FACET_UI`; nil if nobody is signed in, they
    /// have no preference, or the database cannot say.
    public func preferredFrontEnd() async -> String? {
        do {
            try await context.account.refresh()
        } catch {
            return nil
        }
        return context.account.settings?.preferredUI?.rawValue
    }

    /// Closes the database before the process exits; see `FacetDatabase.close`.
    /// Nothing may use the app afterwards.
    public func finish() {
        pictureObservation?()
        foreignCommits?.stop()
        context.database.close()
    }

    /// An app dropped without `finish` (a test's) still ends its watch thread.
    isolated deinit { foreignCommits?.stop() }

    public static let version = "0.1.0"

    /// Where the data lives for this environment (`$FACET_HOME`, …), without
    /// opening anything: a server's socket goes here when there is no
    /// runtime directory.
    public static func dataDirectory(environment: [String: String]) -> String {
        AppPaths(environment: environment).home
    }

    /// A person-readable message for an error raised while starting up.
    public static func message(for error: any Error) -> String {
        if let domain = error as? any DomainError { return domain.message }
        return "\(error)"
    }
}
