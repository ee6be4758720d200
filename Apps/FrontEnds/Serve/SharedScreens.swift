import ScreenKit

/// The catalog every connection of a server sees: one view model per screen
/// request, however many clients open it. Two clients that open the same
/// playlist drive the same object, so an action by one reaches the other as
/// `screen.changed`. Each `open` gets its own `Viewer`; the screen is closed
/// when its last viewer closes.
@MainActor
final class SharedScreens: ScreenCatalog {
    let base: any ScreenCatalog
    private var live: [String: SharedScreen] = [:]

    init(base: any ScreenCatalog) { self.base = base }

    var screens: [ScreenDescriptor] { base.screens }

    /// How many distinct screens are open (for tests and diagnostics).
    var openCount: Int { live.count }

    /// The request's parameters are already validated (by `open`), so the
    /// same screen asked for twice encodes to the same key.
    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        let key = SnapshotJSON.string(request)
        if let shared = live[key] {
            shared.viewers += 1
            return Viewer(shared)
        }
        let shared = SharedScreen(screen: try base.makeScreen(request), key: key)
        shared.onIdle = { [weak self] key in self?.live[key] = nil }
        live[key] = shared
        return Viewer(shared)
    }
}

/// One view model and how many viewers it has.
@MainActor
final class SharedScreen {
    let screen: any Screen
    let key: String
    var viewers = 1
    var onIdle: ((String) -> Void)?
    /// The first viewer's `start()`; later viewers wait for the same one.
    private var starting: Task<Void, Never>?

    init(screen: any Screen, key: String) {
        self.screen = screen
        self.key = key
    }

    func start() async {
        if starting == nil {
            let screen = screen
            starting = Task { @MainActor in await screen.start() }
        }
        await starting?.value
    }

    func release() {
        viewers -= 1
        guard viewers == 0 else { return }
        onIdle?(key)
        screen.close()
    }
}

/// One client's view of a shared screen: everything forwards to it, except
/// `close`, which only gives up this viewer's share.
@MainActor
final class Viewer: Screen {
    private let shared: SharedScreen
    private var closed = false

    init(_ shared: SharedScreen) { self.shared = shared }

    var snapshot: ScreenSnapshot { shared.screen.snapshot }
    var changes: ScreenChanges { shared.screen.changes }
    var isBusy: Bool { shared.screen.isBusy }

    func start() async { await shared.start() }

    func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        try await shared.screen.perform(action, arguments)
    }

    func settle() async { await shared.screen.settle() }

    func close() {
        guard !closed else { return }
        closed = true
        shared.release()
    }
}
