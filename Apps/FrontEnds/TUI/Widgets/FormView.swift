import ScreenKit

/// Form fields: label, an input box with the caret, and the field's
/// validation message under it. Secret fields show a mask, never text.
enum FormView {
    /// Rows the form takes at `width` cells: a field's message and the
    /// submit button's reason wrap rather than being cut, since they often
    /// carry the fix ("must be an http:// or https:// URL").
    static func height(of form: FormContent, submit: ActionDescriptor?, width: Int) -> Int {
        let room = messageRoom(form, width: width)
        let fields = form.fields.reduce(0) { $0 + 1 + ($1.message.map { messageLines($0, room: room).count } ?? 0) }
        guard form.submitAction != nil else { return fields }
        return fields + 1 + (submit.map { reasonBelow($0, room: room).count } ?? 0)
    }

    private static func labelWidth(_ form: FormContent) -> Int {
        min(24, form.fields.map { TerminalText.width(TerminalText.sanitize($0.label)) }.max() ?? 0)
    }

    /// The cells from the input boxes' left edge to the right of the screen.
    private static func messageRoom(_ form: FormContent, width: Int) -> Int {
        max(10, width - (2 + labelWidth(form) + 2))
    }

    /// A message in lines of `room` cells, at most three (the last one cut).
    private static func messageLines(_ message: String, room: Int) -> [String] {
        let lines = TextWrap.wrap(TerminalText.sanitize(message), width: room)
        guard lines.count > maximumMessageLines else { return lines }
        let rest = lines.dropFirst(maximumMessageLines - 1).joined(separator: " ")
        return Array(lines.prefix(maximumMessageLines - 1)) + [TerminalText.truncate(rest, to: room)]
    }

    private static let maximumMessageLines = 3

    /// The button's text and the reason it cannot be pressed, beside it
    /// when it fits and in wrapped lines under it when it does not.
    private static func button(_ submit: ActionDescriptor) -> String { "[ " + TerminalText.sanitize(submit.label) + " ]" }

    private static func reason(_ submit: ActionDescriptor) -> String? {
        guard !submit.enabled else { return nil }
        // The screen's reason when it gives one ("Sign in needs a first and last name").
        return "(" + (submit.disabledReason.map(TerminalText.sanitize) ?? "enter submits when the form is complete") + ")"
    }

    private static func reasonBeside(_ submit: ActionDescriptor, room: Int) -> Bool {
        guard let reason = reason(submit) else { return true }
        return TerminalText.width(button(submit)) + 2 + TerminalText.width(reason) <= room
    }

    private static func reasonBelow(_ submit: ActionDescriptor, room: Int) -> [String] {
        guard let reason = reason(submit), !reasonBeside(submit, room: room) else { return [] }
        return messageLines(reason, room: room)
    }

    /// Draws the form; returns the caret's cell when a field is being
    /// edited (`focused`). `pointing` marks the field Enter would edit
    /// while keys browse, so focus is always visible.
    static func draw(
        into buffer: inout CellBuffer, _ form: FormContent, state: FormState, focused: Bool, pointing: Bool = false,
        submit: ActionDescriptor?, in rect: Rect, glyphs: Glyphs
    ) -> (x: Int, y: Int)? {
        let labelWidth = labelWidth(form)
        let boxX = rect.x + 2 + labelWidth + 2
        let room = messageRoom(form, width: rect.width)
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
            for line in field.message.map({ messageLines($0, room: room) }) ?? [] where y < rect.maxY {
                buffer.write(line, x: boxX, y: y, limit: room, style: .error)
                y += 1
            }
        }
        if let submit, y < rect.maxY {
            let text = button(submit)
            buffer.write(text, x: boxX, y: y, style: submit.enabled ? .key : .dim)
            if let reason = reason(submit), reasonBeside(submit, room: room) {
                buffer.write("  " + reason, x: boxX + TerminalText.width(text), y: y, limit: room - TerminalText.width(text), style: .dim)
            }
            for line in reasonBelow(submit, room: room) {
                y += 1
                guard y < rect.maxY else { break }
                buffer.write(line, x: boxX, y: y, limit: room, style: .dim)
            }
        }
        return caret
    }
}
