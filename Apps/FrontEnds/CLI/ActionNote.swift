import ScreenKit

/// What `facet help SCREEN` and the man page say after an action's
/// summary, from its declared effect and network reach and nothing else, so
/// the words cannot promise a question the CLI does not ask (or miss one it
/// does).
enum ActionNote {
    /// "(asks, or --yes; cannot be undone)"; nil for an action that only
    /// shows, adds or changes data on this machine.
    static func note(_ action: ActionDescriptor) -> String? {
        var parts: [String] = []
        switch action.effect {
        case .removes: parts.append("asks, or \(CLIConfirmation.option); undo brings it back")
        case .destroys: parts.append("asks, or \(CLIConfirmation.option); cannot be undone")
        case .replaces: parts.append("replaces the cached copy")
        case .view, .adds, .changes: break
        }
        if action.reachesNetwork { parts.append("reaches the network") }
        return parts.isEmpty ? nil : "(" + parts.joined(separator: "; ") + ")"
    }

    /// The summary with its note, as help lists an action.
    static func summary(_ action: ActionDescriptor) -> String {
        [action.summary, note(action)].compactMap { $0 }.joined(separator: " ")
    }
}
