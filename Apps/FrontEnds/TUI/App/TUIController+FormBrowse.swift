import ScreenKit

/// Keys on a form that is being browsed, not edited (a tab's Settings or
/// Login form before Enter): moving never types and never starts editing,
/// as `j` always moves in lazygit and htop; only Enter, `i` or `e` edits
/// the field the pointer is on.
extension TUIController {
    /// The form a session browses when it shows no list and keys browse.
    func browsedForm(_ session: ScreenSession) -> FormContent? {
        let snapshot = session.screen.snapshot
        guard session.listFocused, snapshot.content.list == nil, let form = snapshot.content.form,
            !FormState.editable(form).isEmpty
        else { return nil }
        return form
    }

    /// Handles `command` on a browsed form; false when it is not one of the
    /// keys that move the pointer or start editing.
    func browseForm(_ command: Command, _ session: ScreenSession) -> Bool {
        guard let form = browsedForm(session) else { return false }
        switch command {
        case .up, .down:
            _ = session.form.moveFocus(command == .up ? -1 : 1, in: form)
        case .first, .last:
            let editable = FormState.editable(form)
            if let target = command == .first ? editable.first : editable.last { session.form.focus = target }
        case .nextScreen, .previousScreen:
            // Tab and Shift-Tab move between a form's fields, browsed or
            // edited (the key table's promise), round from the last to the
            // first; digits still switch tabs.
            let step = command == .nextScreen ? 1 : -1
            if !session.form.moveFocus(step, in: form) {
                let editable = FormState.editable(form)
                if let target = step > 0 ? editable.first : editable.last { session.form.focus = target }
            }
        case .activate:
            session.listFocused = false
        default:
            return false
        }
        return true
    }

    /// `i` and `e` edit the pointed field, as in vi; a screen action that
    /// claims the letter is left out, since the form itself is the editor.
    func editsBrowsedForm(_ key: KeyEvent, _ session: ScreenSession) -> Bool {
        guard key == .character("i") || key == .character("e"), browsedForm(session) != nil else { return false }
        session.listFocused = false
        return true
    }
}
