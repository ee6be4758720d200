import ScreenKit

/// Label/value rows: labels dimmed in a column, values beside them.
enum DetailView {
    /// Rows it needs for `detail` (one per row).
    static func height(of detail: DetailContent) -> Int { detail.rows.count }

    static func draw(into buffer: inout CellBuffer, _ detail: DetailContent, in rect: Rect, glyphs: Glyphs) {
        let labelWidth = min(20, detail.rows.map { TerminalText.width(TerminalText.sanitize($0.label)) }.max() ?? 0)
        for (index, row) in detail.rows.prefix(rect.height).enumerated() {
            let y = rect.y + index
            let label = TerminalText.truncate(TerminalText.sanitize(row.label), to: labelWidth, ellipsis: glyphs.ellipsis)
            buffer.write(label, x: rect.x + 1, y: y, style: .dim)
            let valueX = rect.x + 1 + labelWidth + 2
            let value = TerminalText.truncate(TerminalText.sanitize(row.value), to: rect.maxX - valueX - 1, ellipsis: glyphs.ellipsis)
            buffer.write(value, x: valueX, y: y, style: .normal)
        }
    }
}
