import ScreenKit

/// The annotations a tool's action earns, in the MCP specification's own
/// meanings, from its declared `ActionEffect` and network reach and from
/// nothing else, and which actions `--read-only` offers:
///
/// - `readOnlyHint` for what changes nothing stored (`.view`; opening a
///   web page in a browser included).
/// - `destructiveHint` for what is not purely additive and loses something
///   (`ActionEffect.destructive`: a refresh that replaces a cache, a
///   removal undo brings back, a deletion for good), said so in the
///   description; a move or a rename keeps everything and says false.
/// - `idempotentHint` from `ActionEffect.idempotent`.
/// - `openWorldHint` for whatever reaches the network.
public enum ActionSafety {
    public static func isReadOnly(_ action: ActionDescriptor) -> Bool { action.effect.isViewOnly }

    /// `destructiveHint` of a tool that runs `action`.
    public static func isDestructive(_ action: ActionDescriptor) -> Bool { action.effect.destructive }

    /// `idempotentHint` of a tool that runs `action`.
    public static func isIdempotent(_ action: ActionDescriptor) -> Bool { action.effect.idempotent }

    /// Whether the tool asks before it runs: without `yes: true` it changes
    /// nothing and answers with the screen's question, as the CLI off a
    /// terminal refuses without `--yes`.
    public static func asksFirst(_ action: ActionDescriptor) -> Bool { action.effect.asksFirst }

    /// The `yes` argument a tool that asks first takes: the action's own
    /// when it declares one, else this one, which is not passed on.
    static let yesParam = ParamDescriptor(
        name: StandardParam.yes, label: "true to go ahead once the question is answered yes", kind: .bool, required: false)

    /// The tool's parameters: the action's, plus `yes` when it asks first
    /// and does not declare one.
    static func params(_ action: ActionDescriptor) -> [ParamDescriptor] {
        guard asksFirst(action), !declaresYes(action) else { return action.params }
        return action.params + [yesParam]
    }

    static func declaresYes(_ action: ActionDescriptor) -> Bool {
        action.params.contains { $0.name == StandardParam.yes }
    }

    /// The error text of a call without `yes: true`: the screen's question,
    /// ending with what the effect says of undoing it, and how to go ahead.
    public static func refusal(_ question: String, of action: ActionDescriptor) -> String {
        action.effect.question(question) + " " + goAhead
    }

    public static let goAhead = "Call again with yes: true to go ahead."

    /// What the tool's description adds to the action's summary, so a
    /// person reading the list sees what the hints say.
    public static func warning(_ action: ActionDescriptor) -> String? {
        switch action.effect {
        case .replaces: "Replaces what is stored with a fresh copy."
        case .removes: "Asks first (pass yes: true); undo brings it back."
        case .destroys: "Asks first (pass yes: true); cannot be undone."
        case .view, .adds, .changes: nil
        }
    }
}
