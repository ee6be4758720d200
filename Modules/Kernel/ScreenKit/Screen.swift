/// A screen any front end can drive. View models conform through
/// `ScreenModel`; front ends hold `any Screen` and never a concrete type.
@MainActor
public protocol Screen: AnyObject {
    /// The whole visible state, derived from the view model's typed state.
    var snapshot: ScreenSnapshot { get }
    /// Change notifications, with a version that grows on every visible change.
    var changes: ScreenChanges { get }
    /// Loads what the screen shows when it is first opened.
    func start() async
    /// Runs an action by name with arguments already validated against its
    /// descriptor. Long work may go on after it returns (`outcome.pending`).
    func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome
    /// Work started by `start` or `perform` is still running (a front end
    /// asks before quitting, and shows a spinner).
    var isBusy: Bool { get }
    /// Returns once no work started by `start` or `perform` is running.
    func settle() async
    /// The screen is no longer shown: stop background work and observers.
    func close()
    /// Before an action whose effect asks first runs: the question naming
    /// exactly what this call would remove or overwrite, ending in what the
    /// effect says of undoing it (`Delete playlist "big" (300 songs)? `u`
    /// undoes it.`), or nil when it would destroy nothing (an export to a file
    /// that is not there yet). Throws what running it would (no such item),
    /// so a front end reports that rather than asking. Changes nothing.
    func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String?
    /// After yes to `confirmation`, for the few targets that need a second,
    /// typed answer (the home folder): the question whose answer fills the
    /// action's `StandardParam.confirmPath`; nil when yes is enough.
    /// Changes nothing.
    func typedConfirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String?
    /// Another process (or another client) committed to the store this
    /// screen reads: read what it shows again from this machine's store
    /// only, keeping what the user chose and the rows already loaded, and
    /// never asking a network. False when the screen has no such read of
    /// its own; `catchUpWithStore` then uses a `reload` that only reads.
    func readStoreAgain() async -> Bool
}

extension Screen {
    /// A question built from the contract alone (a screen that does not say
    /// more, a screen served from elsewhere): the action's label and the row
    /// or screen it acts on.
    public func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        ActionConfirmation.question(action, arguments, on: snapshot)
    }

    /// Yes is enough, unless the screen says otherwise.
    public func typedConfirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? { nil }

    /// No read of its own (see `catchUpWithStore`).
    public func readStoreAgain() async -> Bool { false }

    /// Shows what another process committed: the screen's own
    /// `readStoreAgain`, or else its `reload` when that only reads (effect
    /// `view`, no required arguments). A screen whose reload asks a web API
    /// or resets what was chosen is left alone, and so is a form, whose
    /// reload would put the stored values back over what is being typed.
    /// A re-read publishes only if what the screen shows differs.
    public func catchUpWithStore() async {
        if await readStoreAgain() { return }
        let current = snapshot
        guard current.content.form == nil, let reload = current.action(StandardAction.reload), reload.enabled,
            reload.effect == .view, !reload.params.contains(where: \.required)
        else { return }
        _ = try? await run(StandardAction.reload, [:], on: current)
    }

    /// Validates the arguments against the action's descriptor and refuses a
    /// disabled or unknown action, then performs it. Front ends call this.
    public func run(_ action: String, _ arguments: ActionArguments = [:]) async throws(ScreenError) -> ActionOutcome {
        try await run(action, arguments, on: snapshot)
    }

    /// `run`, checked against `current`, the screen's snapshot as the
    /// caller already read it with nothing changed since: a snapshot is
    /// built anew on every read.
    public func run(_ action: String, _ arguments: ActionArguments = [:], on current: ScreenSnapshot) async throws(ScreenError) -> ActionOutcome {
        guard let descriptor = current.action(action) else {
            let known = current.actions.map(\.name).joined(separator: ", ")
            throw .invalidParams(
                "screen '\(current.screen)' has no action '\(action)' (actions: \(known))", code: "unknown_action")
        }
        guard descriptor.enabled else {
            // A refusal, not a usage error: the command was right, the state says no.
            throw ScreenError(
                kind: .failed, code: "action_disabled",
                message: descriptor.disabledReason ?? "'\(descriptor.label)' is not available right now")
        }
        let valid = try descriptor.validate(arguments)
        return try await perform(action, valid)
    }
}
