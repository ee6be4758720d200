import ScreenKit

/// A screen that lives in the server: `start` opens it there, actions are
/// `screen.perform`, and the server's `screen.changed` notifications replace
/// the snapshot (newer versions only) and tell the front end, as a local
/// view model's change would.
///
/// Work that outlives an action (an import) is waited for with
/// `screen.wait` as background work of this screen, so `settle()` and
/// `isBusy` mean what they mean for a local screen.
@MainActor
final class RemoteScreen: ScreenModel {
    let request: ScreenRequest
    private(set) var connection: RemoteConnection
    /// Gets a lost ssh connection back (nil for a local socket).
    private weak var reconnection: Reconnection?
    private var current: ScreenSnapshot
    private var handle: String?
    private var version = -1
    private var closed = false

    private struct State: Decodable { var handle: String; var version: Int; var snapshot: ScreenSnapshot }
    private struct Performed: Decodable {
        var version: Int
        var snapshot: ScreenSnapshot
        var outcome: ActionOutcome
    }
    private struct Questions: Decodable {
        struct Typed: Decodable { var question: String; var param: String }
        var question: String?
        var typed: Typed?
    }
    private struct Open: Encodable { var screen: String; var params: ActionArguments }
    private struct Perform: Encodable { var handle: String; var action: String; var args: ActionArguments }
    private struct Ask: Encodable { var handle: String; var action: String; var args: ActionArguments; var typedOnly: Bool }
    private struct Handle: Encodable { var handle: String }
    private struct Whole: Encodable { var handle: String; var whole = true }
    /// A whole snapshot has been asked for (a delta named a window this
    /// screen does not hold); deltas meanwhile are dropped.
    private var askingWhole = false

    init(request: ScreenRequest, title: String, connection: RemoteConnection, reconnection: Reconnection? = nil) {
        self.request = request
        self.connection = connection
        self.reconnection = reconnection
        current = ScreenSnapshot(
            screen: request.screen, title: title, status: .loading("Opening…"), content: ScreenContent(), actions: [])
    }

    override var snapshot: ScreenSnapshot { current }

    override func start() async {
        do {
            let state = try await connection.call("screen.open", Open(screen: request.screen, params: request.params), as: State.self)
            handle = state.handle
            connection.register(self, handle: state.handle)
            apply(state.snapshot, version: state.version)
            if closed { close() }
            waitIfLoading()
        } catch {
            current.status = .error(error)
            publish()
        }
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        // An action on a screen whose connection was lost (`r`, say) tries
        // to connect again at once; the screen opens again, then acts.
        if connection.isClosed, let reconnection {
            await reconnection.attempt()
            if connection.isClosed { throw connection.closedError ?? RemoteConnection.gone }
        }
        guard let handle else { throw ScreenError.failed("the screen is not open on the server", code: "disconnected") }
        let performed = try await connection.call(
            "screen.perform", Perform(handle: handle, action: action, args: arguments), as: Performed.self)
        apply(performed.snapshot, version: performed.version)
        if performed.outcome.pending { waitOnServer() } else { waitIfLoading() }
        return performed.outcome
    }

    /// The server's screen words the question (`screen.confirmation`), so a
    /// connected front end asks what a local one asks.
    override func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        try await askServer(action, arguments, typedOnly: false).question
    }

    /// Asked after yes: the first question is not worded (measured) again.
    override func typedConfirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        try await askServer(action, arguments, typedOnly: true).typed?.question
    }

    private func askServer(_ action: String, _ arguments: ActionArguments, typedOnly: Bool) async throws(ScreenError) -> Questions {
        guard let handle else { throw ScreenError.failed("the screen is not open on the server", code: "disconnected") }
        return try await connection.call(
            "screen.confirmation", Ask(handle: handle, action: action, args: arguments, typedOnly: typedOnly), as: Questions.self)
    }

    /// A newer state from the server (a response or a notification). Rows
    /// and actions it names as those of the snapshot this screen holds are
    /// taken from it; a snapshot that names another one (a notification
    /// was coalesced away) is replaced by the whole snapshot, asked for once.
    func apply(_ snapshot: ScreenSnapshot, version: Int) {
        guard version > self.version else { return }
        var snapshot = snapshot
        if let list = snapshot.content.list, let reused = list.reused {
            guard reused.base == self.version, let old = current.content.list?.items, let whole = list.rebuilt(from: old) else {
                askWhole()
                return
            }
            snapshot.content.list = whole
        }
        if let base = snapshot.actionsOf {
            guard base == self.version else {
                askWhole()
                return
            }
            snapshot.actions = current.actions
            snapshot.actionsOf = nil
        }
        self.version = version
        current = SortAliases.restored(snapshot)
        publish()
    }

    private func askWhole() {
        guard !askingWhole, let handle else { return }
        askingWhole = true
        launch { [weak self] in
            guard let self else { return }
            defer { self.askingWhole = false }
            guard !self.closed,
                  let state = try? await self.connection.call("screen.snapshot", Whole(handle: handle), as: State.self)
            else { return }
            self.apply(state.snapshot, version: state.version)
        }
    }

    /// The connection came back: open this screen again on it, from the
    /// request it was made with.
    func reattach(to fresh: RemoteConnection) async {
        guard !closed else { return }
        connection = fresh
        handle = nil
        version = -1
        await start()
    }

    func disconnected(_ error: ScreenError) {
        current.status = .error(error)
        publish()
    }

    private func waitIfLoading() {
        if current.status.isLoading { waitOnServer() }
    }

    /// Background work of this screen: until the server's screen settles.
    private func waitOnServer() {
        guard let handle else { return }
        launch { [weak self] in
            guard let self, !self.closed else { return }
            if let state = try? await self.connection.call("screen.wait", Handle(handle: handle), as: State.self) {
                self.apply(state.snapshot, version: state.version)
            }
        }
    }

    override func close() {
        closed = true
        if let handle {
            connection.unregister(handle)
            if !connection.isClosed { connection.post("screen.close", Handle(handle: handle)) }
            self.handle = nil
        }
        super.close()
    }
}
