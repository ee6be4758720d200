/// One composed frame: the cells, and where the terminal caret goes (a
/// focused field) or nil to hide it.
public struct Frame: Equatable, Sendable {
    public var buffer: CellBuffer
    public var caret: Caret?

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
