import ScreenKit

/// The command palette: what is typed, then the matching actions and
/// screens, the chosen one highlighted; those that cannot run now are dim
/// and say why.
enum PaletteView {
    static func draw(into buffer: inout CellBuffer, _ palette: Palette, glyphs: Glyphs) -> (x: Int, y: Int) {
        let matches = palette.matches
        let width = min(buffer.width - 8, 72)
        let rows = max(1, min(matches.count, buffer.height - 10))
        let inner = DialogBox.draw(
            into: &buffer, title: "Commands", width: width, height: rows + 2,
            footer: "type to match · ↑/↓ choose · enter run · esc close", glyphs: glyphs)
        let prompt = String(glyphs.pointer) + " "
        let promptWidth = buffer.write(String(prompt), x: inner.x, y: inner.y, style: .key)
        let room = max(1, inner.width - promptWidth)
        buffer.fill(Rect(x: inner.x + promptWidth, y: inner.y, width: room, height: 1), style: .inputFocused)
        let shown = palette.editor.visible(cells: room, mask: nil)
        buffer.write(TerminalText.sanitize(shown.text), x: inner.x + promptWidth, y: inner.y, limit: room, style: .inputFocused)
        if matches.isEmpty {
            buffer.write("Nothing matches.", x: inner.x, y: inner.y + 2, limit: inner.width, style: .dim)
        }
        // Keep the chosen entry in view.
        let first = max(0, palette.selection - rows + 1)
        let keyWidth = 7
        for (offset, entry) in matches.dropFirst(first).prefix(rows).enumerated() {
            let y = inner.y + 2 + offset
            let chosen = first + offset == palette.selection
            let base: CellStyle = chosen ? .cursor : (entry.unavailable == nil ? .normal : .dim)
            if chosen { buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: .cursor) }
            if let key = entry.key {
                buffer.write(TerminalText.truncate(key, to: keyWidth - 1, ellipsis: glyphs.ellipsis), x: inner.x, y: y, style: chosen ? .cursor : .key)
            }
            var x = inner.x + keyWidth
            x += buffer.write(TerminalText.truncate(entry.title, to: inner.width - keyWidth, ellipsis: glyphs.ellipsis), x: x, y: y, style: base)
            let note = entry.unavailable.map { $0.isEmpty ? "(not now)" : "not now: " + $0 } ?? entry.detail
            let left = inner.maxX - x - 2
            if left > 4 {
                buffer.write(TerminalText.truncate(note, to: left, ellipsis: glyphs.ellipsis), x: x + 2, y: y, style: chosen ? .cursor : .dim)
            }
        }
        return (inner.x + promptWidth + shown.caretColumn, inner.y)
    }
}
