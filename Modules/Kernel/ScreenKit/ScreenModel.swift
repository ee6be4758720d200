/// Base class for view models that are screens.
///
/// A subclass keeps its typed state (`firstName`, `isLoginEnabled`, …) and
/// overrides `snapshot` to derive the contract's view of it, so the two can
/// never drift. After each state transition it calls `publish()`, which sends
/// a change only when the visible snapshot really changed.
@MainActor
open class ScreenModel: Screen {
    public let changes = ScreenChanges()
    private var lastPublished: ScreenSnapshot?
    private var work: [Int: Task<Void, Never>] = [:]
    private var nextWork = 0

    public init() {}

    open var snapshot: ScreenSnapshot {
        fatalError("\(type(of: self)) must override snapshot")
    }

    open func start() async {}

    /// Runs the declared action of that name (see `DeclaredScreen`).
    open func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        if let declared = self as? any DeclaredScreen { return try await declared.performDeclared(action, arguments) }
        throw .invalidParams("unknown action '\(action)'", code: "unknown_action")
    }

    /// The declared action's question (see `Screen.confirmation`), ending
    /// in what its effect says of undoing it.
    open func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        if let declared = self as? any DeclaredScreen { return try await declared.questionDeclared(action, arguments) }
        return ActionConfirmation.question(action, arguments, on: snapshot)
    }

    /// The second, typed question (see `Screen.typedConfirmation`); nil: yes is enough.
    open func typedConfirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        if let declared = self as? any DeclaredScreen { return try await declared.typedQuestionDeclared(action, arguments) }
        return nil
    }

    /// See `Screen.readStoreAgain`; a view model over a cache of a web API
    /// (whose `reload` asks the network) overrides it to read the cache.
    open func readStoreAgain() async -> Bool { false }

    /// Sends a change notification if the snapshot differs from the last one sent.
    public func publish() {
        // Nobody watching (a one-shot command): comparing would build a whole
        // snapshot per state change for nothing. The version still moves, so
        // caches keyed on it stay honest, and the first watched publish
        // compares against nothing and notifies.
        guard changes.observerCount > 0 else {
            lastPublished = nil
            changes.send()
            return
        }
        let current = snapshot
        guard current != lastPublished else { return }
        lastPublished = current
        changes.send()
    }

    /// Where `launch`ed work runs its nonisolated awaits; nil: the
    /// concurrency pool. An unstructured `Task` does not inherit its
    /// creator's executor preference, so whoever builds the screens (the
    /// composition root, through `ScreenRegistry`) hands it over here.
    public var workExecutor: (any TaskExecutor)?

    /// Runs `body` as background work of this screen: `settle()` waits for
    /// it and `close()` cancels it.
    @discardableResult
    public func launch(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        nextWork += 1
        let key = nextWork
        let operation: @MainActor () async -> Void = { [weak self] in
            await body()
            self?.work[key] = nil
        }
        // Without a preference, a plain main-actor task: it is enqueued on
        // the main actor directly, where a preferring one starts on its
        // executor and only then hops.
        let task = if let workExecutor {
            Task(executorPreference: workExecutor, operation: operation)
        } else {
            Task { @MainActor in await operation() }
        }
        work[key] = task
        return task
    }

    public var isWorking: Bool { !work.isEmpty }
    public var isBusy: Bool { isWorking }

    public func settle() async {
        // Each task removes itself when done, so this ends when all have.
        while let task = work.values.first { await task.value }
    }

    open func close() {
        for task in work.values { task.cancel() }
        work.removeAll()
        changes.removeAll()
    }
}
