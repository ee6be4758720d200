import ScreenKit

/// The grid every widget draws into. Backends only ever see a finished
/// buffer: the ncurses backend diffs it against the previous frame, the
/// in-memory backend turns it into text for golden tests.
///
/// Writing never splits a wide character: one that would not fit is left
/// out, and overwriting half of a wide character blanks its other half.
public struct CellBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Fills `rect` (clipped to the buffer) with blanks of `style`.
    public mutating func fill(_ rect: Rect, style: CellStyle = .normal, character: Character = " ") {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        let cell = Cell(character, style: style)
        for y in y0..<y1 {
            repairLeft(x: x0, y: y)
            repairRight(x: x1 - 1, y: y)
            let base = y * width
            for x in x0..<x1 { cells[base + x] = cell }
        }
    }

    /// Sets the style of the cells in `rect` without changing their text.
    public mutating func restyle(_ rect: Rect, style: CellStyle) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let base = y * width
            for x in x0..<x1 { cells[base + x].style = style }
        }
    }

    /// Writes already-sanitised `text` from (x, y), clipped to `limit` cells
    /// (and the buffer's edge). Returns the cells used. Callers that want an
    /// ellipsis truncate first with `TerminalText.truncate`.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: CellStyle = .normal) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let end = min(width, limit.map { x + max(0, $0) } ?? width)
        var column = x
        for character in text {
            let w: Int
            if let ascii = character.asciiValue {
                w = ascii >= 0x20 && ascii < 0x7F ? 1 : 0
            } else {
                w = TerminalText.width(of: character)
            }
            if w == 0 { continue }
            if column + w > end { break }
            if column >= 0 { put(character, width: w, x: column, y: y, style: style) }
            column += w
        }
        return max(0, column - x)
    }

    /// Places one character of width 1 or 2 at (x, y).
    public mutating func put(_ character: Character, width w: Int, x: Int, y: Int, style: CellStyle) {
        guard y >= 0, y < height, x >= 0, x + w <= width else { return }
        repairLeft(x: x, y: y)
        repairRight(x: x + w - 1, y: y)
        let index = y * width + x
        cells[index] = Cell(character, width: UInt8(w), style: style)
        if w == 2 { cells[index + 1] = .continuation(style) }
    }

    /// If (x, y) is the right half of a wide character, blanks its left half.
    private mutating func repairLeft(x: Int, y: Int) {
        let index = y * width + x
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
            cells[index] = Cell(" ", style: cells[index].style)
        }
    }

    /// If (x, y) is the left half of a wide character, blanks its right half.
    private mutating func repairRight(x: Int, y: Int) {
        let index = y * width + x
        if cells[index].width == 2, x + 1 < width {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
    }

    /// One row as text, continuation cells skipped (so wide characters read
    /// naturally), trailing spaces kept.
    public func rowText(_ y: Int) -> String {
        var out = ""
        out.reserveCapacity(width)
        let base = y * width
        for x in 0..<width where !cells[base + x].isContinuation {
            out.append(cells[base + x].character)
        }
        return out
    }

    /// The whole buffer as text, one line per row, trailing spaces trimmed.
    public var text: String {
        (0..<height).map { y in
            var line = rowText(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
