import ScreenKit

/// A framed box centred on the screen, for errors, confirmations, prompts
/// and help. Returns the inner area for the caller to fill.
enum DialogBox {
    static func draw(
        into buffer: inout CellBuffer, title: String, width: Int, height: Int, footer: String?, style: CellStyle = .border,
        glyphs: Glyphs
    ) -> Rect {
        let box = buffer.bounds.centered(width: width + 4, height: height + 2 + (footer == nil ? 0 : 2))
        buffer.fill(box, style: .normal)
        let right = box.maxX - 1
        let bottom = box.maxY - 1
        for x in box.x...right {
            buffer.put(glyphs.horizontal, width: 1, x: x, y: box.y, style: style)
            buffer.put(glyphs.horizontal, width: 1, x: x, y: bottom, style: style)
        }
        for y in box.y...bottom {
            buffer.put(glyphs.vertical, width: 1, x: box.x, y: y, style: style)
            buffer.put(glyphs.vertical, width: 1, x: right, y: y, style: style)
        }
        buffer.put(glyphs.topLeft, width: 1, x: box.x, y: box.y, style: style)
        buffer.put(glyphs.topRight, width: 1, x: right, y: box.y, style: style)
        buffer.put(glyphs.bottomLeft, width: 1, x: box.x, y: bottom, style: style)
        buffer.put(glyphs.bottomRight, width: 1, x: right, y: bottom, style: style)
        let heading = TerminalText.truncate(" " + TerminalText.sanitize(title) + " ", to: box.width - 4, ellipsis: glyphs.ellipsis)
        buffer.write(heading, x: box.x + 2, y: box.y, style: style == .error ? .error : .title)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2 - (footer == nil ? 0 : 2))
        if let footer {
            let text = TerminalText.truncate(glyphs.hint(footer), to: inner.width, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: box.maxX - 2 - TerminalText.width(text), y: bottom - 1, style: .dim)
        }
        return inner
    }

    /// A message dialog: wrapped text, a footer naming the keys.
    static func message(
        into buffer: inout CellBuffer, title: String, message: String, footer: String, style: CellStyle, glyphs: Glyphs
    ) {
        let maxWidth = min(60, buffer.width - 8)
        let lines = TextWrap.wrap(TerminalText.sanitize(message), width: maxWidth)
        let width = max(lines.map(TerminalText.width).max() ?? 0, TerminalText.width(title) + 4, TerminalText.width(footer))
        let inner = draw(
            into: &buffer, title: title, width: width, height: min(lines.count, buffer.height - 6), footer: footer,
            style: style, glyphs: glyphs)
        for (index, line) in lines.prefix(inner.height).enumerated() {
            buffer.write(line, x: inner.x, y: inner.y + index, limit: inner.width)
        }
    }
}

/// Shown instead of the UI when the terminal cannot fit it.
enum TooSmall {
    static let minimumWidth = 40
    static let minimumHeight = 10

    static func draw(into buffer: inout CellBuffer) {
        let lines = ["Terminal too small", "\(buffer.width)x\(buffer.height), need \(minimumWidth)x\(minimumHeight)", "q quits"]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < buffer.height {
            let text = TerminalText.truncate(line, to: buffer.width)
            buffer.write(text, x: max(0, (buffer.width - TerminalText.width(text)) / 2), y: top + index, style: index == 0 ? .error : .normal)
        }
    }
}
