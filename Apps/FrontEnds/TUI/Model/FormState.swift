import ScreenKit

/// The TUI's side of a form: one editor per field and which field has focus.
///
/// Values come from the snapshot and go back with `set-field`; a value the
/// view model changed on its own (cleared after submit, normalised) is
/// adopted. Secret fields never come back from the view model, so their text
/// lives only here.
struct FormState {
    var focus = 0
    var editors: [String: FieldEditor] = [:]
    private var adopted: [String: String] = [:]

    /// Indexes of the fields a user can edit.
    static func editable(_ form: FormContent) -> [Int] {
        form.fields.indices.filter { !form.fields[$0].readOnly }
    }

    mutating func sync(with form: FormContent) {
        for field in form.fields {
            if editors[field.id] == nil {
                editors[field.id] = FieldEditor(field.value, limit: field.maxLength.map { min($0, FieldEditor.defaultLimit) } ?? FieldEditor.defaultLimit)
                adopted[field.id] = field.value
            } else if !field.secret, adopted[field.id] != field.value {
                adopted[field.id] = field.value
                if editors[field.id]?.text != field.value { editors[field.id]?.replace(with: field.value) }
            }
        }
        // A form whose fields are all read-only for a moment (while it
        // saves) keeps its focus: the pointer stays on the field just saved
        // rather than jumping to the first one.
        let editable = Self.editable(form)
        if let first = editable.first, !editable.contains(focus) { focus = first }
    }

    /// Moves focus by `step` editable fields; returns false when it would
    /// leave the form (so the caller can hand focus to a list).
    mutating func moveFocus(_ step: Int, in form: FormContent) -> Bool {
        let editable = Self.editable(form)
        guard let position = editable.firstIndex(of: focus) else { return false }
        let next = position + step
        guard editable.indices.contains(next) else { return false }
        focus = editable[next]
        return true
    }

    func value(of field: FormField) -> String { editors[field.id]?.text ?? field.value }
}
