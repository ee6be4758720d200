/// One composed frame: the cells, where the terminal caret goes (a
/// focused field) or nil to hide it, and the pictures the terminal draws
/// in its own pixels over cells the frame leaves blank.
public struct Frame: Equatable, Sendable {
    public var buffer: CellBuffer
    public var caret: Caret?
    public var images: [Image] = []

    /// A picture as sixel or kitty graphics (`PixelArt`) whose top-left
    /// corner is the cell at `x`, `y`.
    public struct Image: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var art: PixelArt

        /// The rows it covers.
        public var rows: Range<Int> { y..<(y + art.rows) }
    }

    public struct Caret: Equatable, Sendable {
        public var x: Int
        public var y: Int
    }
}

/// Where things were drawn in the last frame, for mouse clicks.
struct FrameLayout {
    var tabs: [(range: Range<Int>, index: Int)] = []
    var listRows: Rect?
    var listTop = 0
    var headerRow: Int?
    var headerColumns: [(range: Range<Int>, column: Int)] = []
    var tabRow = 0
    var tooSmall = false
}
