import Domain
import Foundation
import Persistence
import ScreenKit
import Services

/// The composition root: the one place that knows concrete services and
/// stores, builds them once, and registers every feature's screens.
@MainActor
public final class FacetApp {
    public let paths: AppPaths
    public let database: FacetDatabase
    public let registry = ScreenRegistry()
    public let services: AppServices

    /// Opens (creating and migrating if needed) the database and wires every
    /// feature. Throws a `StorageError` a front end can print.
    public init(environment: [String: String]) throws(StorageError) {
        paths = AppPaths(environment: environment)
        // FACET_BUSY_TIMEOUT_MS lets tests see a lock fail fast; users keep the default.
        let timeout = environment["FACET_BUSY_TIMEOUT_MS"].flatMap(Double.init).map { $0 / 1000 } ?? FacetDatabase.busyTimeout
        database = try FacetDatabase(path: paths.database, busyTimeout: timeout)
        services = AppServices(database: database, environment: environment)
        for feature in Self.features { feature.register(in: registry, services: services) }
    }

    /// Every feature, in the order a screen switcher lists them. A new
    /// feature adds itself here and nowhere else.
    static let features: [any Feature.Type] = [
        PlaylistFeature.self,
        UsersFeature.self,
        FoldersFeature.self,
        PhotosFeature.self,
    ]

    /// The first screen a front end shows.
    public var home: ScreenRequest { ScreenRequest(screen: PlaylistFeature.homeScreen) }

    /// Runs one-time set-up that needs the database: the embedded sample
    /// playlist on a fresh install (once, even if the user deletes it later).
    public func prepare() async throws {
        try await PlaylistFeature.seedSample(services)
        await UsersFeature.prepare(services)
    }

    /// The signed-in user's preferred front end (`cli`, `tui`, `jsonl`), for
    /// the launcher's third choice after `--ui` and `FACET_UI`.
    public func preferredFrontEnd() async -> String? {
        await UsersFeature.preferredFrontEnd(services.account)
    }

    public static let version = "0.1.0"

    /// A person-readable message for an error raised while starting up.
    public static func message(for error: any Error) -> String {
        if let domain = error as? any DomainError { return domain.message }
        return "\(error)"
    }
}

/// The live adapters, built once and shared by every feature.
public struct AppServices: Sendable {
    public let database: FacetDatabase
    public let environment: [String: String]
    public let meta: MetaStore
    public let playlists: PlaylistLibrary
    /// The signed-in user and their settings, shared by every screen.
    public let account: AccountCenter
    /// Shared folder models: every folder screen sees the same one per path.
    public let folders: FolderLibrary
    /// The one HTTP client of the process (lazily opened), for every feature.
    public let http: any HTTPClient
    /// Shows web pages: `$BROWSER`/`xdg-open`, or nothing (the URL is printed).
    public let urlOpener: any URLOpener

    @MainActor
    init(database: FacetDatabase, environment: [String: String]) {
        self.database = database
        self.environment = environment
        meta = MetaStore(database: database)
        playlists = PlaylistLibrary(
            store: SQLitePlaylistStore(database: database), source: FilePlaylistSource(),
            parsers: [SeedJSONSongParser(), M3USongParser(), AudioDirectorySongParser()])
        account = UsersFeature.makeAccount(database: database)
        folders = FoldersFeature.makeLibrary(environment: environment)
        http = SharedHTTPClient(configuration: .from(environment: environment))
        urlOpener = ProcessURLOpener(environment: environment)
    }
}

/// A feature module's entry in the composition root.
@MainActor
protocol Feature {
    static func register(in registry: ScreenRegistry, services: AppServices)
}
