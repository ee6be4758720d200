/// Describes a kind of screen before any is opened: for screen switchers,
/// CLI help, and the generated OpenRPC document.
public struct ScreenDescriptor: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var summary: String
    /// Parameters for opening it (`playlist` takes the playlist's name).
    public var params: [ParamDescriptor]
    /// Every action the screen can ever offer (enabled or not).
    public var actions: [ActionDescriptor]
    /// Shown in a screen switcher (child screens such as *rename* are not).
    public var topLevel: Bool
    /// The columns of the screen's list, if it has one (for schemas and help).
    public var columns: [ListColumn]
    /// Command lines that show the screen's use, generated from this
    /// descriptor so help never prints an example that does not run.
    public var examples: [String]
    /// A bar screen: faces with tabs keep one open beside whatever tab is
    /// shown and draw its snapshot's `summary` as one line (the player's
    /// now-playing line), so no face names the screen. Absent from the JSON
    /// unless true, so descriptors read the same to clients that predate it.
    public var bar: Bool?

    public init(
        id: String, title: String, summary: String, params: [ParamDescriptor] = [],
        actions: [ActionDescriptor], topLevel: Bool = true, columns: [ListColumn] = [], examples: [String] = [],
        bar: Bool = false
    ) {
        self.bar = bar ? true : nil
        self.columns = columns
        self.examples = examples
        self.id = id
        self.title = title
        self.summary = summary
        self.params = params
        self.actions = actions
        self.topLevel = topLevel
    }

    /// See `bar`.
    public var isBar: Bool { bar == true }

    public func validateParams(_ arguments: ActionArguments) throws(ScreenError) -> ActionArguments {
        try ParamDescriptor.validate(arguments, against: params, context: "screen '\(id)'")
    }
}

/// The registered screens, as front ends see them. Composition implements it;
/// a new feature registers its screens there and every front end shows them.
@MainActor
public protocol ScreenCatalog: AnyObject {
    var screens: [ScreenDescriptor] { get }
    /// Builds a screen from validated parameters. Call `start()` on it next.
    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen
    /// What a front end must tell the user once it is up, about the whole
    /// app rather than one screen (live updates that only poll, say).
    var warnings: [String] { get }
    /// The paths screens take are this machine's. False for a core on
    /// another host: its paths are listed there (`listPaths`), and a front
    /// end completes them when that answer comes, not at once.
    var pathsAreLocal: Bool { get }
    /// What a typed path can become on the machine whose paths the screens take.
    func listPaths(_ typed: String) async -> PathCompletion.Listing
}

extension ScreenCatalog {
    public var warnings: [String] { [] }
    public var pathsAreLocal: Bool { true }
    public func listPaths(_ typed: String) async -> PathCompletion.Listing { PathCompletion.list(typed) }

    public func descriptor(_ id: String) -> ScreenDescriptor? { screens.first { $0.id == id } }

    /// The bar screens a face with tabs keeps open (see `ScreenDescriptor.bar`):
    /// those that open without arguments.
    public var bars: [ScreenDescriptor] { screens.filter { $0.isBar && !$0.params.contains(where: \.required) } }

    /// Validates, builds and starts a screen: the one way front ends open one.
    public func open(_ request: ScreenRequest) async throws(ScreenError) -> any Screen {
        let screen = try build(request)
        await screen.start()
        return screen
    }

    /// Validates and builds a screen without starting it: for a one-shot
    /// command whose first action loads the content itself (see
    /// `ActionDescriptor.loadsContent`), so the opening load never begins.
    public func build(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        guard let descriptor = descriptor(request.screen) else {
            let known = screens.map(\.id).joined(separator: ", ")
            throw .notFound("no screen named '\(request.screen)' (screens: \(known))", code: "unknown_screen")
        }
        let params = try descriptor.validateParams(request.params)
        return try makeScreen(ScreenRequest(screen: request.screen, params: params))
    }
}
