/// What running an action does to the user's data, stated by every action
/// (there is no default: a new action says what it does, or does not
/// compile). Everything a face needs to be safe follows from it, here and
/// nowhere else: whether a question is asked and its closing words
/// (`asksFirst`, `closingWords`), whether `--yes` is needed off a terminal,
/// MCP's annotations (`readOnly`, `destructive`, `idempotent`) and what
/// `--read-only` allows. Whether an action reaches the network is the
/// other half of what a user needs to know; it is declared beside the
/// effect (`ActionDescriptor.reachesNetwork`), because a network read and a
/// network write both exist.
public enum ActionEffect: String, Codable, Sendable, CaseIterable {
    /// Reads only: changes what a screen shows (its window, filter, order,
    /// selection, the form being typed, which screen is shown) or hands
    /// something to another program (a browser), and nothing stored.
    case view
    /// Adds data and takes nothing away (an import, a star): running it
    /// again adds again, but nothing the user had is lost.
    case adds
    /// Changes stored data in a way that can be put back by hand and loses
    /// nothing (a rename, a move, a setting, signing out).
    case changes
    /// Replaces stored data with a fresh copy from where it came from (a
    /// cache refetched): nothing the user made is lost, so nothing is asked,
    /// but what was there is gone.
    case replaces
    /// Removes something that `undo` brings back (a song, a playlist): asked
    /// about first, with the words that say undo exists.
    case removes
    /// Removes or overwrites for good (a folder deleted from disk, an export
    /// over an existing file): asked about first, saying it cannot be undone.
    case destroys

    /// Leaves stored data exactly as it was.
    public var isViewOnly: Bool { self == .view }

    /// A face that can ask asks before running it (the TUI's dialog, the
    /// web page's, the CLI on a terminal); one that cannot ask (a script off
    /// a terminal, an MCP client) must pass `yes`.
    public var asksFirst: Bool { self == .removes || self == .destroys }

    /// The words every question about such an action ends with, so the
    /// warning means what it says: undo exists, or it does not.
    public var closingWords: String? {
        switch self {
        case .removes: "`\(StandardKey.undo)` undoes it."
        case .destroys: "This cannot be undone."
        case .view, .adds, .changes, .replaces: nil
        }
    }

    /// MCP's `destructiveHint`: not purely additive, in the specification's
    /// meaning, and not a mere change that keeps everything (a move).
    public var destructive: Bool {
        switch self {
        case .replaces, .removes, .destroys: true
        case .view, .adds, .changes: false
        }
    }

    /// MCP's `idempotentHint`: calling again with the same arguments does
    /// nothing more. An addition adds again and a change may move again
    /// (a song up once more), so only these say so.
    public var idempotent: Bool {
        switch self {
        case .view, .replaces, .removes, .destroys: true
        case .adds, .changes: false
        }
    }

    /// `question` as every face shows it: the screen's words about the
    /// target, then what the effect says of undoing it.
    public func question(_ words: String) -> String {
        guard let closing = closingWords, !words.hasSuffix(closing) else { return words }
        return words + " " + closing
    }
}
