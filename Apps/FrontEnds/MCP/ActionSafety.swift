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
