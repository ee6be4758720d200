/// The whole visible state of one screen, as every front end sees it.
///
/// This is the contract's centre: the JSON-lines front end sends exactly this
/// value, `--json` prints exactly this value, and the human renderings (CLI
/// tables, the TUI) draw only what is in it. Because every front end derives
/// from the same snapshot, they agree by construction.
public struct ScreenSnapshot: Codable, Equatable, Sendable {
    /// The screen kind, as registered (`playlists`, `playlist`, …).
    public var screen: String
    public var title: String
    public var status: ScreenStatus
    public var content: ScreenContent
    public var actions: [ActionDescriptor]
    /// Set only on the JSON-RPC wire, for a client that asked for deltas:
    /// `actions` is empty because they are those of the snapshot of this
    /// version, which the client holds (they rarely change between two
    /// snapshots, and they outweigh a page of rows).
    public var actionsOf: Int? = nil
    /// The screen in one line of plain text, for a bar drawn on every tab
    /// ("playing · Title — Artist · 1:23 / 4:56 · vol 80"); nil when it has
    /// nothing to say, and then a bar takes no room.
    public var summary: String?

    public init(
        screen: String, title: String, status: ScreenStatus = .idle,
        content: ScreenContent, actions: [ActionDescriptor], summary: String? = nil
    ) {
        self.summary = summary
        self.screen = screen
        self.title = title
        self.status = status
        self.content = content
        self.actions = actions
    }

    /// The action with this name as the screen currently offers it.
    public func action(_ name: String) -> ActionDescriptor? {
        actions.first { $0.name == name }
    }
}
