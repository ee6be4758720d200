import ScreenKit

/// Label/value rows: labels dimmed in a column, values beside them. A value
/// too long for one line wraps onto the next lines under itself rather than
/// being cut — a session token shown once must be readable whole.
enum DetailView {
    /// Labels are cut beyond this many cells (or a third of the width).
    static let maximumLabelWidth = 28

    static func labelWidth(_ detail: DetailContent, width: Int) -> Int {
        let widest = detail.rows.map { CellWidth.of(TerminalText.sanitize($0.label)) }.max() ?? 0
        return min(widest, maximumLabelWidth, max(8, width / 3))
    }

    /// The lines of each row's value at `width` cells.
    static func lines(_ detail: DetailContent, width: Int) -> [[String]] {
        let room = max(1, width - valueColumn(detail, width: width) - 1)
        return detail.rows.map { row in
            let value = TerminalText.sanitize(row.value)
            return CellWidth.of(value) <= room ? [value] : TextWrap.wrap(value, width: room)
        }
    }

    static func valueColumn(_ detail: DetailContent, width: Int) -> Int {
        1 + labelWidth(detail, width: width) + 2
    }

    /// Screen rows the detail needs at `width` cells.
    static func height(of detail: DetailContent, width: Int) -> Int {
        lines(detail, width: width).reduce(0) { $0 + max(1, $1.count) }
    }

    static func draw(into buffer: inout CellBuffer, _ detail: DetailContent, in full: Rect, glyphs: Glyphs) {
        // Given fewer rows than it needs (the list keeps its room on a
        // short terminal), the detail says on its last row how many are hidden.
        let needed = height(of: detail, width: full.width)
        var rect = full
        if needed > full.height, full.height >= 2 {
            rect = Rect(x: full.x, y: full.y, width: full.width, height: full.height - 1)
            let note = "\(glyphs.ellipsis) \(needed - rect.height) more"
            buffer.write(TerminalText.truncate(note, to: full.width - 1), x: full.x + 1, y: rect.maxY, style: .dim)
        }
        let labelWidth = labelWidth(detail, width: rect.width)
        let valueX = rect.x + valueColumn(detail, width: rect.width)
        var y = rect.y
        for (row, valueLines) in zip(detail.rows, lines(detail, width: rect.width)) {
            guard y < rect.maxY else { break }
            let label = TerminalText.truncate(TerminalText.sanitize(row.label), to: labelWidth, ellipsis: glyphs.ellipsis)
            buffer.write(label, x: rect.x + 1, y: y, style: .dim)
            let shown = valueLines.isEmpty ? [""] : valueLines
            for (index, line) in shown.enumerated() {
                guard y < rect.maxY else { break }
                // The last row that fits says when more was cut.
                let cut = y == rect.maxY - 1 && index < shown.count - 1
                let text = cut ? TerminalText.truncate(line + " " + glyphs.ellipsis, to: rect.maxX - valueX - 1, ellipsis: glyphs.ellipsis) : line
                buffer.write(text, x: valueX, y: y, limit: rect.maxX - valueX - 1, style: .normal)
                y += 1
            }
        }
    }
}
