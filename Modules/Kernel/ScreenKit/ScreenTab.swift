/// Which top-level screen a child screen belongs to. A feature registers
/// its top-level screen first and its child screens after it (Playlists,
/// then one playlist), so a child belongs to the nearest top-level screen
/// registered before it. The TUI shows a child started from the command
/// line inside that tab, and MCP groups a child's tools with it: one rule
/// for both, so a face never guesses a screen's home on its own.
extension Array where Element == ScreenDescriptor {
    /// The top-level screen `id` belongs to: itself when it is top-level,
    /// nil when it is unknown or registered before any top-level screen.
    public func tab(of id: String) -> ScreenDescriptor? {
        guard let index = firstIndex(where: { $0.id == id }) else { return nil }
        return self[...index].last(where: \.topLevel)
    }
}
