import ScreenKit

/// `?`: the current screen's actions (from its descriptors) and the global
/// keys (from the key-binding table). Nothing here names a screen.
enum HelpOverlay {
    /// The commands listed under "Keys", in this order.
    static let listed: [Command] = [
        .up, .down, .pageUp, .pageDown, .mark, .first, .last, .activate, .back, .nextScreen, .switchScreen(1), .sortNext,
        .sortPrevious, .sortReverse, .palette, .help, .quit,
    ]

    static func lines(actions: [ActionDescriptor], bindings: KeyBindings) -> [(key: String, text: String, style: CellStyle)] {
        var lines: [(String, String, CellStyle)] = []
        let keyed = actions.filter { $0.key != nil }
        if !keyed.isEmpty {
            lines.append(("", "This screen", .title))
            for action in keyed {
                let summary = TerminalText.sanitize(action.label) + " — " + TerminalText.sanitize(action.summary)
                let why = action.enabled ? "" : " (not now" + (action.disabledReason.map { ": " + TerminalText.sanitize($0) } ?? "") + ")"
                lines.append((action.key ?? "", summary + why, action.enabled ? .normal : .dim))
            }
            lines.append(("", "", .normal))
        }
        lines.append(("", "Keys", .title))
        for command in listed {
            let keys = bindings.keys(for: command, in: .browse).map(\.label)
            guard !keys.isEmpty else { continue }
            let shown = command == .switchScreen(1) ? "1-9" : keys.prefix(2).joined(separator: " ")
            lines.append((shown, command.summary, .normal))
        }
        lines.append(("", "In forms: enter edits the marked field, esc leaves it; tab/shift-tab move between fields, enter submits, ctrl-u clears, alt-b/alt-f move by words. Alt+digit switches tabs from anywhere.", .dim))
        return lines
    }

    /// The help's lines wrapped to `width` cells: a long summary or reason
    /// goes on under its text (a key only on its first line) instead of
    /// being cut, so what an action does and why it is not available now
    /// can be read at 80 columns.
    static func wrapped(
        _ lines: [(key: String, text: String, style: CellStyle)], keyWidth: Int, width: Int
    ) -> [(key: String, text: String, style: CellStyle, indent: Bool)] {
        var shown: [(key: String, text: String, style: CellStyle, indent: Bool)] = []
        for line in lines {
            let indent = !line.key.isEmpty
            let room = indent ? width - keyWidth - 2 : width
            let parts = line.text.isEmpty ? [""] : TextWrap.wrap(line.text, width: max(1, room))
            for (index, part) in parts.enumerated() {
                shown.append((index == 0 ? line.key : "", part, line.style, indent))
            }
        }
        return shown
    }

    /// Draws the help scrolled by `scroll` lines (clamped) and returns the
    /// scroll actually used.
    @discardableResult
    static func draw(
        into buffer: inout CellBuffer, actions: [ActionDescriptor], bindings: KeyBindings, scroll: Int = 0, glyphs: Glyphs
    ) -> Int {
        let source = lines(actions: actions, bindings: bindings).map { (key: glyphs.hint($0.key), text: glyphs.hint($0.text), style: $0.style) }
        let keyWidth = min(16, source.map { TerminalText.width($0.key) }.max() ?? 0)
        let width = min(buffer.width - 8, max(40, source.map { keyWidth + 2 + TerminalText.width($0.text) }.max() ?? 40))
        let lines = wrapped(source, keyWidth: keyWidth, width: width)
        let height = min(lines.count, buffer.height - 6)
        let overflow = lines.count > height
        let inner = DialogBox.draw(
            into: &buffer, title: "Help", width: width, height: height,
            footer: overflow ? "j/k scroll · esc close" : "esc/enter close", glyphs: glyphs)
        let first = min(max(0, scroll), max(0, lines.count - inner.height))
        for (index, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
            let y = inner.y + index
            if !line.indent {
                buffer.write(TerminalText.truncate(line.text, to: inner.width, ellipsis: glyphs.ellipsis), x: inner.x, y: y, style: line.style)
            } else {
                buffer.write(TerminalText.truncate(line.key, to: keyWidth, ellipsis: glyphs.ellipsis), x: inner.x, y: y, style: .key)
                buffer.write(TerminalText.truncate(line.text, to: inner.width - keyWidth - 2, ellipsis: glyphs.ellipsis), x: inner.x + keyWidth + 2, y: y, style: line.style)
            }
        }
        if overflow {
            let position = "\(first + 1)-\(first + inner.height)/\(lines.count)"
            buffer.write(position, x: inner.x, y: inner.maxY + 1, style: .dim)
        }
        return first
    }
}
