import KernelPersistence

/// How long this process lives, decided once by the launcher (from the front
/// end it runs) and handed down through `FeatureContext`: everything that
/// costs more to set up than one command uses (a pool of database
/// connections, live updates, a folder watcher) is chosen from this one value.
public enum ProcessMode: Sendable, Equatable {
    /// Runs one command and exits (the CLI): nothing it shows stays on screen
    /// long enough to need live updates, and one connection serves it.
    case oneCommand
    /// Stays up and keeps screens open (the TUI, JSON lines, MCP, the web,
    /// a server): a pool of connections, live updates from other processes.
    case longRunning

    /// The database connections this mode opens: a one-command process pays
    /// for one connection only (see `FacetDatabase.Connections`).
    public var databaseConnections: FacetDatabase.Connections {
        switch self {
        case .oneCommand: .single
        case .longRunning: .pool
        }
    }
}
