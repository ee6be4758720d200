/// What running an action does to the user's data, stated by every action
/// (there is no default: a new action says what it does, or does not
/// compile). Front ends derive their safety from it: MCP's `readOnlyHint`
/// and `destructiveHint`, `--read-only`, the TUI's y/n question, the CLI's
/// question on a terminal and `--yes` elsewhere.
public enum ActionEffect: String, Codable, Sendable, CaseIterable {
    /// Changes only what a screen shows: its window, filter, order,
    /// selection, the form being typed, which screen is shown.
    case view
    /// Adds data and takes nothing away (an import, a star): running it
    /// again adds again, but nothing the user had is lost.
    case adds
    /// Changes stored data in a way that can be put back by hand (a rename,
    /// a move, a setting, signing out, a cache replaced by a refresh).
    case changes
    /// Deletes or overwrites data in one call (a delete, a remove, an
    /// export over an existing file): asked about before it runs.
    case destroys

    /// Leaves stored data exactly as it was.
    public var isViewOnly: Bool { self == .view }
}
