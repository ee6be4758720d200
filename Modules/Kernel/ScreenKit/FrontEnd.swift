/// What the launcher hands a front end: the catalog of screens plus the few
/// facts about the run that are not screens.
@MainActor
public struct FrontEndContext {
    public var catalog: any ScreenCatalog
    /// Arguments after the launcher's own options.
    public var arguments: [String]
    public var environment: [String: String]
    /// The app's version, for `initialize` and `--version`.
    public var version: String
    /// The screen to show first, when the front end shows one.
    public var home: ScreenRequest
    /// Every front end of this build (the launcher's registry), for help
    /// text that names them; never a list of a front end's own.
    public var frontEnds: [FrontEndInfo]
    /// The user's own folder for what lives as long as a process (the
    /// server socket's folder): where a server leaves word of itself for a
    /// later command to find. Nil when the launcher gives none.
    public var runtimeDirectory: String?

    public init(
        catalog: any ScreenCatalog, arguments: [String], environment: [String: String], version: String,
        home: ScreenRequest, frontEnds: [FrontEndInfo] = []
    ) {
        self.frontEnds = frontEnds
        self.catalog = catalog
        self.arguments = arguments
        self.environment = environment
        self.version = version
        self.home = home
    }
}

/// A front-end plugin: the launcher picks one by `name` and runs it.
@MainActor
public protocol FrontEnd {
    /// `cli`, `tui`, `jsonl`.
    static var name: String { get }
    /// Runs until done and returns the process exit code.
    static func run(_ context: FrontEndContext) async -> Int32
    /// What `facet --ui NAME --help` prints: the front end's own options.
    static var optionsHelp: String? { get }
}

extension FrontEnd {
    public static var optionsHelp: String? { nil }
}

/// One front end as the launcher's registry lists it.
public struct FrontEndInfo: Equatable, Sendable {
    /// What `--ui`, `FACET_UI` and the `ui` setting take (`cli`, `jsonl`).
    public var name: String
    /// One line for help (`full-screen terminal interface`).
    public var summary: String
    /// A command of its own (`facet serve`), not chosen with `--ui`.
    public var command: Bool

    public init(name: String, summary: String, command: Bool = false) {
        self.name = name
        self.summary = summary
        self.command = command
    }
}
