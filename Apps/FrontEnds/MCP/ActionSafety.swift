import ScreenKit

/// The annotations a tool's action earns from its declared `ActionEffect`,
/// and which actions `--read-only` offers.
///
/// - `readOnlyHint` only for actions that change nothing but what a screen
///   shows (`.view`). `open-url` is left out on purpose even so: it starts a
///   browser on the machine the server runs on.
/// - `destructiveHint: false` only for additive updates (`.adds`: an
///   import, a star). MCP's own default for a tool that is not read-only is
///   destructive, and a client may skip its confirmation for a tool marked
///   otherwise, so a rename, a setting, a sign-out or a refresh that
///   replaces a cache says `true` like a delete does.
/// - `idempotentHint` and `openWorldHint` are not sent: ScreenKit does not
///   state them, and MCP's defaults (not idempotent, open world) are the
///   cautious reading.
public enum ActionSafety {
    public static func isReadOnly(_ action: ActionDescriptor) -> Bool {
        action.effect.isViewOnly && action.name != StandardAction.openURL
    }

    /// `destructiveHint` of a tool that runs `action`.
    public static func isDestructive(_ action: ActionDescriptor) -> Bool {
        switch action.effect {
        case .view: isReadOnly(action) ? false : true
        case .adds: false
        case .changes, .destroys: true
        }
    }
}
