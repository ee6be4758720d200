import ScreenKit

/// The catalog that several clients of one core open their screens from
/// (the connections of `facet serve`, the pages of `--ui web`): the data is
/// shared, the view is not.
///
/// Every `open` builds the client its own view model, so a filter, sort,
/// page or cursor one client sets never moves another's. What one client
/// changes in the data must still show everywhere: when an action that
/// states an effect other than `view` has finished (its background work
/// too), every *other* open screen reads its data again through the
/// contract's `reload`, the same read a TUI does when a screen comes back
/// into view. Each screen keeps its own query, so it re-reads with its own
/// filter and sort.
///
/// Only a `reload` that itself only reads (`effect == .view`) and needs no
/// argument is used: a screen whose reload fetches from a server is left
/// for its user's key. A screen showing a form is left alone, as a reload
/// would throw away what its user is typing (the values such forms edit
/// reach every screen through the account centre already). Commits that
/// arrive while a round of reloads runs are gathered into one more round.
@MainActor
public final class SharedDataCatalog: ScreenCatalog {
    let base: any ScreenCatalog
    private var clients: [ObjectIdentifier: WeakClientScreen] = [:]
    /// A round of reloads is due (a commit came since the last one began).
    private var due = false
    /// The screens whose commits the next round answers. One alone has read
    /// its own change already and is not reloaded; with two, each must read
    /// the other's.
    private var committers: Set<ObjectIdentifier> = []
    /// The next round answers a change made outside every open screen.
    private var changedElsewhere = false
    private var round: Task<Void, Never>?
    /// Commits whose screens' background work is still running.
    private var waiting: [Int: Task<Void, Never>] = [:]
    private var nextWait = 0

    public init(base: any ScreenCatalog) { self.base = base }

    public var screens: [ScreenDescriptor] { base.screens }
    public var pathsAreLocal: Bool { base.pathsAreLocal }
    public func listPaths(_ typed: String) async -> PathCompletion.Listing { await base.listPaths(typed) }

    /// How many client screens are open (for tests and diagnostics).
    public var openCount: Int { clients.count }

    /// Returns once no round of reloads is running or due (for tests).
    public func settle() async {
        while true {
            if let task = waiting.values.first {
                await task.value
            } else if let round {
                await round.value
            } else {
                return
            }
        }
    }

    public func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        let screen = ClientScreen(try base.makeScreen(request), descriptor: base.descriptor(request.screen), owner: self)
        clients[ObjectIdentifier(screen)] = WeakClientScreen(screen)
        return screen
    }

    /// Data changed outside any open screen's actions (another process,
    /// say): every open screen reads again.
    public func dataChanged() {
        changedElsewhere = true
        schedule()
    }

    func closed(_ screen: ClientScreen) {
        clients[ObjectIdentifier(screen)] = nil
    }

    /// `screen` finished an action that may have changed data: once its
    /// background work (an import) is done too, the others read again.
    func committed(by screen: ClientScreen) {
        nextWait += 1
        let key = nextWait
        waiting[key] = Task { @MainActor [weak self] in
            await screen.inner.settle()
            self?.waiting[key] = nil
            self?.schedule(after: screen)
        }
    }

    private func schedule(after committer: ClientScreen? = nil) {
        if let committer { committers.insert(ObjectIdentifier(committer)) }
        due = true
        guard round == nil else { return }
        round = Task { @MainActor [weak self] in await self?.runRounds() }
    }

    /// Reloads every screen but a lone committer, again while new commits came in meanwhile.
    private func runRounds() async {
        while due {
            due = false
            let skipped = committers.count == 1 && !changedElsewhere ? committers : []
            committers = []
            changedElsewhere = false
            let others = clients.compactMap { key, entry in skipped.contains(key) ? nil : entry.screen }
            // A few side by side: one slow reload does not hold up the
            // others, and a client connecting meanwhile is not queued
            // behind every screen's (see `ScreensInTurns`).
            await ScreensInTurns.run(others) { screen in await screen.readAgain() }
        }
        round = nil
    }
}

/// A weak entry: the catalog must not keep a screen its client has dropped.
@MainActor
struct WeakClientScreen {
    weak var screen: ClientScreen?
    init(_ screen: ClientScreen) { self.screen = screen }
}

/// One client's own screen: forwards everything to its view model, and
/// tells the catalog when one of its actions may have changed data.
@MainActor
final class ClientScreen: Screen {
    let inner: any Screen
    let descriptor: ScreenDescriptor?
    private weak var owner: SharedDataCatalog?
    private var closed = false

    init(_ inner: any Screen, descriptor: ScreenDescriptor?, owner: SharedDataCatalog) {
        self.inner = inner
        self.descriptor = descriptor
        self.owner = owner
    }

    var snapshot: ScreenSnapshot { inner.snapshot }
    var changes: ScreenChanges { inner.changes }
    var isBusy: Bool { inner.isBusy }

    func start() async { await inner.start() }

    func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        // The registered descriptor is enough (no snapshot to build); an
        // action only the snapshot offers is looked up there.
        let effect = descriptor?.actions.first { $0.name == action }?.effect ?? inner.snapshot.action(action)?.effect
        let outcome = try await inner.perform(action, arguments)
        if effect != .view, !closed { owner?.committed(by: self) }
        return outcome
    }

    func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        try await inner.confirmation(of: action, arguments)
    }

    // Forwarded too: the protocol's default (yes is enough) would otherwise
    // stand in for the view model's, and the home folder would never be asked.
    func typedConfirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        try await inner.typedConfirmation(of: action, arguments)
    }

    func settle() async { await inner.settle() }

    /// Another screen changed data: read it again with this screen's own
    /// query (see `Screen.catchUpWithStore`).
    func readAgain() async {
        guard !closed else { return }
        await inner.catchUpWithStore()
    }

    // Forwarded: the protocol's default (no read of its own) would stand in
    // for a cache-backed view model's.
    func readStoreAgain() async -> Bool { await inner.readStoreAgain() }

    func close() {
        guard !closed else { return }
        closed = true
        owner?.closed(self)
        inner.close()
    }
}
