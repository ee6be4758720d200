import ScreenKit

/// The two bottom rows: what is going on (spinner and loading message,
/// notice, error, the cursor's position) and the keys that work here.
enum StatusLine {
    struct Message {
        var text: String
        var style: CellStyle
        var spinning: Bool
    }

    static func draw(
        into buffer: inout CellBuffer, message: Message?, position: String?, hints: [(key: String, label: String)],
        row: Int, width: Int, spinnerFrame: Int, glyphs: Glyphs
    ) {
        let messageRow = Rect(x: 0, y: row, width: width, height: 1)
        buffer.fill(messageRow, style: .normal)
        let positionWidth = position.map { TerminalText.width($0) + 2 } ?? 0
        if let message {
            var x = 1
            if message.spinning {
                let frame = glyphs.spinner[spinnerFrame % glyphs.spinner.count]
                buffer.put(frame, width: 1, x: x, y: row, style: .key)
                x += 2
            }
            let text = TerminalText.truncate(TerminalText.sanitize(message.text), to: width - x - positionWidth - 1, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: x, y: row, style: message.style)
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
