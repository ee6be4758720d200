import ScreenKit

/// Form fields: label, an input box with the caret, and the field's
/// validation message under it. Secret fields show a mask, never text.
enum FormView {
    static func height(of form: FormContent) -> Int {
        form.fields.reduce(0) { $0 + 1 + ($1.message == nil ? 0 : 1) } + (form.submitAction == nil ? 0 : 1)
    }

    /// Draws the form; returns the caret's cell when a field is being
    /// edited (`focused`). `pointing` marks the field Enter would edit
    /// while keys browse, so focus is always visible.
    static func draw(
        into buffer: inout CellBuffer, _ form: FormContent, state: FormState, focused: Bool, pointing: Bool = false,
        submit: ActionDescriptor?, in rect: Rect, glyphs: Glyphs
    ) -> (x: Int, y: Int)? {
        let labelWidth = min(24, form.fields.map { TerminalText.width(TerminalText.sanitize($0.label)) }.max() ?? 0)
        let boxX = rect.x + 2 + labelWidth + 2
        let widestBox = max(4, min(48, rect.maxX - boxX - 2))
        var y = rect.y
        var caret: (x: Int, y: Int)?
        for (index, field) in form.fields.enumerated() where y < rect.maxY {
            // A field with choices gives its box the room their hint needs
            // (down to a short box): the choices are read whole, not cut.
            let choices = field.choices.map { $0.map { $0.isEmpty ? "(none)" : $0 }.joined(separator: " | ") } ?? ""
            let hintRoom = choices.isEmpty ? 0 : TerminalText.width(choices) + 2
            let boxWidth = max(min(widestBox, 12), min(widestBox, rect.maxX - boxX - 1 - hintRoom))
            let hasFocus = focused && index == state.focus && !field.readOnly
            let label = TerminalText.truncate(TerminalText.sanitize(field.label), to: labelWidth, ellipsis: glyphs.ellipsis)
            buffer.write(label, x: rect.x + 2, y: y, style: hasFocus ? .title : .normal)
            if pointing, index == state.focus, !field.readOnly {
                buffer.put(glyphs.pointer, width: 1, x: rect.x, y: y, style: .key)
            }
            if field.readOnly {
                buffer.write(TerminalText.truncate(TerminalText.sanitize(field.value), to: boxWidth, ellipsis: glyphs.ellipsis), x: boxX, y: y, style: .dim)
            } else {
                buffer.fill(Rect(x: boxX, y: y, width: boxWidth, height: 1), style: hasFocus ? .inputFocused : .input)
                let editor = state.editors[field.id] ?? FieldEditor(field.value)
                if editor.characters.isEmpty, !hasFocus, let placeholder = field.placeholder {
                    buffer.write(TerminalText.truncate(TerminalText.sanitize(placeholder), to: boxWidth - 1, ellipsis: glyphs.ellipsis), x: boxX, y: y, style: .dim)
                } else {
                    let shown = editor.visible(cells: boxWidth - 1, mask: field.secret ? glyphs.mask : nil)
                    let style: CellStyle = hasFocus ? (editor.allSelected ? .selection : .inputFocused) : .input
                    buffer.write(TerminalText.sanitize(shown.text), x: boxX, y: y, limit: boxWidth, style: style)
                    if hasFocus { caret = (boxX + shown.caretColumn, y) }
                }
                if !choices.isEmpty, boxX + boxWidth + 2 < rect.maxX {
                    let hint = TerminalText.truncate(choices, to: rect.maxX - boxX - boxWidth - 2, ellipsis: glyphs.ellipsis)
                    buffer.write(hint, x: boxX + boxWidth + 1, y: y, style: .dim)
                }
            }
            y += 1
            if let message = field.message, y < rect.maxY {
                buffer.write(TerminalText.truncate(TerminalText.sanitize(message), to: rect.maxX - boxX, ellipsis: glyphs.ellipsis), x: boxX, y: y, style: .error)
                y += 1
            }
        }
        if let submit, y < rect.maxY {
            let text = "[ " + TerminalText.sanitize(submit.label) + " ]"
            buffer.write(text, x: boxX, y: y, style: submit.enabled ? .key : .dim)
            if !submit.enabled {
                // The screen's reason when it gives one ("Sign in needs a first and last name").
                let why = submit.disabledReason.map(TerminalText.sanitize) ?? "enter submits when the form is complete"
                let room = rect.maxX - boxX - TerminalText.width(text) - 1
                buffer.write(TerminalText.truncate("  (" + why + ")", to: room, ellipsis: glyphs.ellipsis), x: boxX + TerminalText.width(text), y: y, limit: room, style: .dim)
            }
        }
        return caret
    }
}
