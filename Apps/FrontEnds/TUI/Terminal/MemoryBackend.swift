/// A terminal in memory: frames become text, input comes from a queue.
/// Golden tests and the benchmark use it.
@MainActor
public final class MemoryBackend: TerminalBackend {
    public var size: (width: Int, height: Int)
    public private(set) var frames = 0
    public private(set) var lastFrame: Frame?
    public var input: [RawInput] = []
    /// Symbols unless a test says the terminal shows pixels.
    public var graphics = TerminalGraphics.symbols

    public init(width: Int, height: Int) { size = (width, height) }

    public func present(_ frame: Frame) {
        frames += 1
        lastFrame = frame
    }

    public func read() -> [RawInput] {
        defer { input.removeAll() }
        return input
    }

    public func invalidate() {}

    /// The last frame as text (trailing spaces trimmed per line).
    public var text: String { lastFrame?.buffer.text ?? "" }
}
