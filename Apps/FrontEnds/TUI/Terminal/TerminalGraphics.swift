/// How the terminal shows a picture: as Unicode symbols in its cells (any
/// terminal, tmux included), or as pixels through a graphics protocol the
/// terminal said it speaks (`GraphicsQuery`): DEC sixel (xterm, foot,
/// mlterm, WezTerm, Konsole) or kitty's (kitty, Ghostty, WezTerm).
public struct TerminalGraphics: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case symbols, sixel, kitty
    }

    public var kind: Kind
    /// One cell's size in pixels, for fitting a picture to whole cells:
    /// from the terminal's answer or the kernel's window size, else a
    /// common default (also libchafa's).
    public var cellWidth: Int
    public var cellHeight: Int

    public init(kind: Kind, cellWidth: Int = 10, cellHeight: Int = 20) {
        self.kind = kind
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    public static let symbols = TerminalGraphics(kind: .symbols)
}
