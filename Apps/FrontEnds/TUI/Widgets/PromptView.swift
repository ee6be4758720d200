import ScreenKit

/// The dialog for an action's arguments: one row per parameter, pickers for
/// choices and booleans, the schema's complaint underneath.
enum PromptView {
    static func draw(into buffer: inout CellBuffer, _ prompt: Prompt, glyphs: Glyphs) -> (x: Int, y: Int)? {
        let labels = prompt.fields.map { TerminalText.sanitize($0.param.label) + ($0.param.required ? "" : " (optional)") }
        let labelWidth = min(30, labels.map(TerminalText.width).max() ?? 0)
        let width = min(buffer.width - 8, max(44, labelWidth + 2 + 40))
        // The screen's question, above the field it asks for.
        let noteLines = prompt.note.map { TextWrap.wrap(TerminalText.sanitize($0), width: width) } ?? []
        var messageLines = (prompt.message.map { TextWrap.wrap(TerminalText.sanitize($0), width: width) } ?? []).map { ($0, CellStyle.error) }
        messageLines += (prompt.hint.map { TextWrap.wrap(TerminalText.sanitize($0), width: width) } ?? []).prefix(3).map { ($0, CellStyle.dim) }
        let inner = DialogBox.draw(
            into: &buffer, title: prompt.action.label, width: width, height: noteLines.count + prompt.fields.count + messageLines.count,
            footer: prompt.focused?.param.kind == .path ? "enter run · tab complete · ↓ next · esc cancel" : "enter run · tab next · esc cancel",
            glyphs: glyphs)
        let boxX = inner.x + labelWidth + 2
        let boxWidth = max(4, inner.maxX - boxX)
        var caret: (x: Int, y: Int)?
        for (index, line) in noteLines.enumerated() where index < inner.height {
            buffer.write(line, x: inner.x, y: inner.y + index, limit: inner.width, style: .normal)
        }
        for (index, field) in prompt.fields.enumerated() where noteLines.count + index < inner.height {
            let y = inner.y + noteLines.count + index
            let focused = index == prompt.focus
            buffer.write(TerminalText.truncate(labels[index], to: labelWidth, ellipsis: glyphs.ellipsis), x: inner.x, y: y, style: focused ? .title : .normal)
            buffer.fill(Rect(x: boxX, y: y, width: boxWidth, height: 1), style: focused ? .inputFocused : .input)
            if field.isPicker {
                let value = field.value ?? ""
                let text = glyphs.pickerOpen + TerminalText.sanitize(value) + glyphs.pickerClose + "  (left/right)"
                buffer.write(TerminalText.truncate(text, to: boxWidth, ellipsis: glyphs.ellipsis), x: boxX, y: y, style: focused ? .inputFocused : .input)
            } else {
                let shown = field.editor.visible(cells: boxWidth - 1, mask: nil)
                let style: CellStyle = focused ? (field.editor.allSelected ? .selection : .inputFocused) : .input
                buffer.write(TerminalText.sanitize(shown.text), x: boxX, y: y, limit: boxWidth, style: style)
                if focused { caret = (boxX + shown.caretColumn, y) }
            }
        }
        for (index, line) in messageLines.enumerated() where noteLines.count + prompt.fields.count + index < inner.height {
            buffer.write(line.0, x: inner.x, y: inner.y + noteLines.count + prompt.fields.count + index, limit: inner.width, style: line.1)
        }
        return caret
    }
}
