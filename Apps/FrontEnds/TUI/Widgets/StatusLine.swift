import ScreenKit

/// The two bottom rows: what is going on (spinner and loading message,
/// notice, error, the cursor's position) and the keys that work here.
enum StatusLine {
    struct Message {
        var text: String
        var style: CellStyle
        var spinning: Bool
    }

    /// At most this many rows above the status row for a long warning.
    static let maximumWarningRows = 3

    /// The rows above the status row that `message` needs to be read whole
    /// (at most `limit`): a warning says what was left undone ("1 folder
    /// could not be read (…)") and an error often ends with its fix ("Set
    /// one: …"), so they are wrapped rather than cut; anything else keeps
    /// to its one row.
    static func rowsAbove(for message: Message?, position: String?, width: Int, limit: Int) -> Int {
        guard let message, message.style == .warning || message.style == .error, !message.spinning, limit > 0
        else { return 0 }
        let lines = TextWrap.wrap(TerminalText.sanitize(message.text), width: textWidth(width, position, x: 1))
        return min(limit, lines.count - 1)
    }

    static func textWidth(_ width: Int, _ position: String?, x: Int) -> Int {
        max(1, width - x - (position.map { TerminalText.width($0) + 2 } ?? 0) - 1)
    }

    /// `rowsAbove` rows above `row` (from `rowsAbove(for:)`) carry the
    /// beginning of a long warning; its end is on `row`.
    static func draw(
        into buffer: inout CellBuffer, message: Message?, position: String?, hints: [(key: String, label: String)],
        row: Int, width: Int, spinnerFrame: Int, glyphs: Glyphs, rowsAbove: Int = 0
    ) {
        let messageRow = Rect(x: 0, y: row - rowsAbove, width: width, height: rowsAbove + 1)
        buffer.fill(messageRow, style: .normal)
        let positionWidth = position.map { TerminalText.width($0) + 2 } ?? 0
        if let message {
            var x = 1
            if message.spinning {
                let frame = glyphs.spinner[spinnerFrame % glyphs.spinner.count]
                buffer.put(frame, width: 1, x: x, y: row, style: .key)
                x += 2
            }
            let room = textWidth(width, position, x: x)
            let sanitized = TerminalText.sanitize(message.text)
            var lines = rowsAbove > 0 ? TextWrap.wrap(sanitized, width: room) : [sanitized]
            if lines.count > rowsAbove + 1 {
                lines = Array(lines.prefix(rowsAbove)) + [lines.dropFirst(rowsAbove).joined(separator: " ")]
            }
            for (index, line) in lines.enumerated() {
                let text = TerminalText.truncate(line, to: room, ellipsis: glyphs.ellipsis)
                buffer.write(text, x: x, y: row - rowsAbove + index, style: message.style)
            }
        }
        if let position, positionWidth < width {
            buffer.write(position, x: width - positionWidth + 1, y: row, style: .dim)
        }

        let hintRow = row + 1
        buffer.fill(Rect(x: 0, y: hintRow, width: width, height: 1), style: .tabBar)
        var x = 1
        for hint in hints {
            let need = TerminalText.width(hint.key) + 1 + TerminalText.width(hint.label) + 2
            guard x + need <= width else { break }
            x += buffer.write(hint.key, x: x, y: hintRow, style: .tabActive)
            x += 1
            x += buffer.write(hint.label, x: x, y: hintRow, style: .tabBar)
            x += 2
        }
    }

    /// The filter bar: the action's label, the text being typed (with the
    /// caret) and the position. Returns the caret's cell.
    static func drawFilter(
        into buffer: inout CellBuffer, _ editor: FieldEditor, label: String, position: String?, row: Int, width: Int
    ) -> (x: Int, y: Int) {
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .normal)
        var x = 1 + buffer.write(label + ": ", x: 1, y: row, style: .key)
        let positionWidth = position.map { TerminalText.width($0) + 2 } ?? 0
        let room = max(1, width - x - positionWidth - 1)
        let shown = editor.visible(cells: room, mask: nil)
        buffer.fill(Rect(x: x, y: row, width: room, height: 1), style: .inputFocused)
        buffer.write(TerminalText.sanitize(shown.text), x: x, y: row, limit: room, style: editor.allSelected ? .selection : .inputFocused)
        if let position, positionWidth < width { buffer.write(position, x: width - positionWidth + 1, y: row, style: .dim) }
        x += shown.caretColumn
        return (x, row)
    }
}
