/// Where frames go and keys come from. The ncurses backend is the real
/// terminal; `MemoryBackend` keeps frames as text for tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// Columns and rows right now.
    var size: (width: Int, height: Int) { get }
    /// Shows a frame (the backend may skip what did not change).
    func present(_ frame: Frame)
    /// Everything typed since the last call, without waiting.
    func read() -> [RawInput]
    /// Forgets the previous frame so the next one is drawn whole.
    func invalidate()
    /// How it shows pictures (symbols, sixels, kitty graphics) and its cell size.
    var graphics: TerminalGraphics { get }
}
