import ScreenKit

/// Keys while a form field has focus: editing, moving between fields,
/// submitting when the view model allows.
extension TUIController {
    func handleEditing(_ key: KeyEvent, _ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard let form = snapshot.content.form, form.fields.indices.contains(session.form.focus) else { return }
        let field = form.fields[session.form.focus]
        if let command = bindings.command(for: key, in: .edit) {
            switch command {
            case .back:
                // Esc leaves the form for the keys that browse (digits, q);
                // on a child screen it goes back as everywhere else.
                if stack.count > 1 { pop() } else { session.listFocused = true }
            case .help: overlay = .help(scroll: 0)
            case .redraw: markDirty()
            case .nextField:
                if !session.form.moveFocus(1, in: form) {
                    if snapshot.content.list != nil {
                        session.listFocused = true
                    } else if let first = FormState.editable(form).first {
                        session.form.focus = first
                    }
                }
            case .previousField:
                if !session.form.moveFocus(-1, in: form), let last = FormState.editable(form).last {
                    session.form.focus = last
                }
            case .submit: submit(form, session)
            case .caretLeft where field.choices?.isEmpty == false, .caretRight where field.choices?.isEmpty == false:
                let choices = field.choices ?? []
                let current = choices.firstIndex(of: session.form.value(of: field)) ?? -1
                let next = command == .caretLeft ? max(0, current - 1) : min(choices.count - 1, current + 1)
                session.form.editors[field.id]?.replace(with: choices[next])
                session.form.editors[field.id]?.moveEnd()
                fieldChanged(field.id, in: session)
            default:
                let before = session.form.editors[field.id]?.text
                if var editor = session.form.editors[field.id] {
                    edit(&editor, command)
                    session.form.editors[field.id] = editor
                }
                if session.form.editors[field.id]?.text != before { fieldChanged(field.id, in: session) }
            }
            return
        }
        if case .character(let character) = key {
            if session.form.editors[field.id]?.insert(character) == false {
                textWasCut()
            } else {
                fieldChanged(field.id, in: session)
            }
        } else if let action = action(for: key, in: snapshot) {
            invoke(action, session)
        }
    }

    /// Enter in a form: send pending field values, then run the submit
    /// action if the view model (by then) says it is enabled.
    func submit(_ form: FormContent, _ session: ScreenSession) {
        guard let name = form.submitAction else {
            _ = session.form.moveFocus(1, in: form)
            return
        }
        flushFields()
        enqueue(isFieldSync: true) { [weak self, weak session] in
            guard let self, let session else { return }
            guard let action = session.screen.snapshot.action(name) else { return }
            guard action.enabled else {
                // The screen's reason, else what its fields say is wrong.
                let fieldProblem = session.screen.snapshot.content.form?.fields.compactMap(\.message).first
                self.refuse(TerminalText.sanitize(action.disabledReason ?? fieldProblem ?? "Complete the form first."))
                return
            }
            self.invoke(action, session)
        }
    }
}
