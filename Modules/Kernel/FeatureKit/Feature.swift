import KernelDomain
import KernelPersistence
import ScreenKit

/// A feature of Facet (playlists, folders, users, …): its screens, its
/// schema migrations and its one-time set-up, in one type.
///
/// The composition root lists features, one line each; it creates each one
/// with the shared `FeatureContext`, lets it register its screens, runs its
/// migrations (before anything else touches the database) and its `prepare`.
/// A feature keeps what its screens share (a library, a cache) in its own
/// instance, so nothing of it leaks into the composition root.
///
/// A feature lives in its own module (Facet's: NAMEWiring): it needs
/// FeatureKit, its own Domain/Presentation/Services/Persistence code, and
/// nothing of Composition; what it needs of the app (its version, the
/// process mode) comes in `FeatureContext`.
@MainActor
public protocol Feature: AnyObject {
    /// The schema changes the feature's stores need, oldest first. An
    /// identifier, once shipped, is permanent; new ones are appended.
    static var migrations: [Migration] { get }
    /// Schema changes added after other features had shipped theirs: they
    /// run after every feature's `migrations`, so the order existing
    /// databases recorded stays a prefix. Oldest first; only appended to.
    static var laterMigrations: [Migration] { get }

    /// Keeps the shared context. Must be cheap: a one-command process
    /// (`ProcessMode.oneCommand`) builds every feature, so adapters
    /// (libraries, stores, watchers) are `lazy` and built when one of the
    /// feature's screens first opens.
    init(context: FeatureContext)

    /// Registers every screen the feature offers.
    func register(in registry: ScreenRegistry)

    /// The screen a front end shows first, if this feature provides it (the
    /// first feature in the list that has one wins).
    var homeScreen: ScreenRequest? { get }

    /// The account ports, if this feature is the one that keeps accounts
    /// (the first feature in the list that returns some provides them).
    /// Other features read the signed-in user through `FeatureContext.account`.
    static func accountPorts(database: FacetDatabase) -> AccountPorts?

    /// One-time set-up that needs the database (seeding sample data), run
    /// after every feature has registered. Must be cheap when already done.
    func prepare() async throws

    /// Entry points this feature runs in child processes of the same
    /// executable (work that must not be able to end Facet's own process).
    static var workers: [FeatureWorker] { get }
}

extension Feature {
    public static var migrations: [Migration] { [] }
    public static var laterMigrations: [Migration] { [] }
    public var homeScreen: ScreenRequest? { nil }
    public static func accountPorts(database: FacetDatabase) -> AccountPorts? { nil }
    public func prepare() async throws {}
    public static var workers: [FeatureWorker] { [] }
}
