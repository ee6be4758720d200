import ScreenKit

/// Key handling: overlay first, then a focused form field, then the binding
/// table, then the screen's own action key hints.
extension TUIController {
    /// Handles one batch of keys read together, then sends changed fields.
    public func handle(_ keys: [KeyEvent]) {
        for key in keys where running { handle(key) }
        flushFields()
        dirty = true
    }

    func handle(_ key: KeyEvent) {
        syncTop()
        if key == .resize { return }
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        if let overlay {
            handleOverlay(key, overlay)
            return
        }
        guard let session = top else { return }
        if layout.tooSmall {
            if key == .character("q") || key == .escape { requestQuit() }
            return
        }
        if session.editing {
            handleEditing(key, session)
            return
        }
        if let command = bindings.command(for: key, in: .browse) {
            perform(command, session)
        } else if let action = action(for: key, in: session.screen.snapshot) {
            invoke(action, session)
        }
    }

    /// The screen action whose key hint names `key`.
    func action(for key: KeyEvent, in snapshot: ScreenSnapshot) -> ActionDescriptor? {
        guard let name = key.hintName else { return nil }
        return snapshot.actions.first { $0.key == name }
    }

    // MARK: Browsing

    func perform(_ command: Command, _ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        let list = snapshot.content.list
        // A form without a list that the user left with Esc: moving or
        // Enter goes back into it.
        if list == nil, let form = snapshot.content.form, !FormState.editable(form).isEmpty,
            [.up, .down, .activate].contains(command) {
            session.listFocused = false
            return
        }
        let page = max(1, (layout.listRows?.height ?? 10) - 1)
        switch command {
        case .quit: requestQuit()
        case .back: pop()
        case .help: overlay = .help(scroll: 0)
        case .redraw: markDirty()
        case .up:
            if let list, session.cursor.index <= list.offset, snapshot.content.form.map({ !FormState.editable($0).isEmpty }) ?? false {
                session.listFocused = false
            } else {
                moveCursor(-1, session)
            }
        case .down: moveCursor(1, session)
        case .pageUp: moveCursor(-page, session)
        case .pageDown: moveCursor(page, session)
        case .first:
            if let list { session.cursor.moveToFirst(in: list) }
        case .last:
            if let list {
                session.cursor.moveToLast(in: list)
                loadMoreIfNeeded(session)
            }
        case .activate:
            if let action = snapshot.actions.first(where: { $0.key == "enter" })
                ?? snapshot.actions.first(where: { $0.enabled && $0.params.contains { $0.kind == .item } }) {
                invoke(action, session)
            }
        case .nextScreen, .previousScreen:
            let count = topLevelScreens.count
            guard count > 1 else { return }
            let current = activeTab ?? 0
            switchTo(screenAt: (current + (command == .nextScreen ? 1 : count - 1)) % count)
        case .switchScreen(let number): switchTo(screenAt: number - 1)
        default: break
        }
    }

    func moveCursor(_ delta: Int, _ session: ScreenSession) {
        guard let list = session.screen.snapshot.content.list else { return }
        session.cursor.move(by: delta, in: list)
        if delta > 0 { loadMoreIfNeeded(session) }
    }

    /// At the end of the loaded window of a list that has more: `load-more`.
    func loadMoreIfNeeded(_ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard let list = snapshot.content.list, session.cursor.wantsMore(list),
            let loadMore = snapshot.action("load-more"), loadMore.enabled, loadMore.params.isEmpty,
            !actionInFlight
        else { return }
        run("load-more", [:], on: session)
    }

    func requestQuit() {
        if isBusy {
            overlay = .confirm(Confirmation(title: "Quit", message: "Work is still running. Quit anyway?", then: .quit))
        } else {
            quit()
        }
    }

    // MARK: Actions

    /// Starts an action the user asked for: fills `item` parameters from the
    /// cursor and parameters named like form fields from the form, prompts
    /// for the rest, confirms destructive ones.
    func invoke(_ action: ActionDescriptor, _ session: ScreenSession) {
        guard action.enabled else {
            notify("\(TerminalText.sanitize(action.label)) is not available right now.")
            return
        }
        if actionInFlight {
            notify("Still working on the last action…")
            return
        }
        let snapshot = session.screen.snapshot
        var fixed = ActionArguments()
        for param in action.params where param.kind == .item {
            guard let list = snapshot.content.list, let item = session.cursor.item(in: list) else {
                notify("Nothing selected.")
                return
            }
            fixed[param.name] = .string(item.id)
        }
        if let form = snapshot.content.form {
            for param in action.params where fixed[param.name] == nil {
                if let field = form.fields.first(where: { $0.id == param.name }) {
                    fixed[param.name] = .string(session.form.value(of: field))
                }
            }
        }
        if action.params.contains(where: { fixed[$0.name] == nil }) {
            overlay = .prompt(Prompt(action: action, fixed: fixed, prefill: prefill(for: action, snapshot)))
            return
        }
        confirmOrRun(action, fixed, session)
    }

    /// Starting values for a prompt: the list's filter for the `/` action,
    /// the list's sort for a choice that offers it.
    func prefill(for action: ActionDescriptor, _ snapshot: ScreenSnapshot) -> [String: String] {
        var values: [String: String] = [:]
        guard let list = snapshot.content.list else { return values }
        for param in action.params {
            if param.kind == .choice, let sort = list.sort, param.choices?.contains(sort) ?? false {
                values[param.name] = sort
            } else if action.key == "/", param.kind == .string, let filter = list.filter {
                values[param.name] = filter
            }
        }
        return values
    }

    func confirmOrRun(_ action: ActionDescriptor, _ arguments: ActionArguments, _ session: ScreenSession) {
        guard action.destructive else {
            run(action.name, arguments, on: session)
            return
        }
        var target = ""
        if let list = session.screen.snapshot.content.list, action.params.contains(where: { $0.kind == .item }),
            let item = session.cursor.item(in: list) {
            target = " \"\(TerminalText.sanitize(item.title))\""
        } else if !action.params.contains(where: { $0.kind == .item }) {
            target = " \"\(TerminalText.sanitize(session.screen.snapshot.title))\""
        }
        overlay = .confirm(Confirmation(
            title: action.label, message: "\(action.label)\(target)? This cannot be undone.",
            then: .run(action: action.name, arguments: arguments)))
    }

    // MARK: Overlays

    func handleOverlay(_ key: KeyEvent, _ current: Overlay) {
        switch current {
        case .help(let scroll):
            let step: Int? = switch key {
            case .up, .character("k"): -1
            case .down, .character("j"): 1
            case .pageUp: -10
            case .pageDown, .character(" "): 10
            default: nil
            }
            if let step {
                overlay = .help(scroll: max(0, scroll + step))
            } else if key == .enter || key == .escape || key == .character("q") || key == .character("?") {
                overlay = nil
            }
        case .error:
            if key == .enter || key == .escape || key == .character("q") || key == .character("?") || key == .character(" ") {
                overlay = nil
            }
        case .confirm(let confirmation):
            switch key {
            case .character("y"), .character("Y"):
                overlay = nil
                switch confirmation.then {
                case .quit: quit()
                case .run(let action, let arguments):
                    if let session = top { run(action, arguments, on: session) }
                }
            case .character("n"), .character("N"), .escape, .enter:
                overlay = nil
            default:
                break
            }
        case .prompt(var prompt):
            if handlePrompt(key, &prompt) { overlay = .prompt(prompt) }
        }
    }

    /// Returns false when the prompt closed.
    func handlePrompt(_ key: KeyEvent, _ prompt: inout Prompt) -> Bool {
        guard prompt.fields.indices.contains(prompt.focus) else { return false }
        let isPicker = prompt.fields[prompt.focus].isPicker
        if let command = bindings.command(for: key, in: .edit) {
            switch command {
            case .back:
                overlay = nil
                return false
            case .submit:
                do {
                    let arguments = try prompt.arguments()
                    overlay = nil
                    if let session = top { confirmOrRun(prompt.action, arguments, session) }
                    return false
                } catch {
                    prompt.message = error.message
                }
            case .nextField: prompt.focus = (prompt.focus + 1) % prompt.fields.count
            case .previousField: prompt.focus = (prompt.focus + prompt.fields.count - 1) % prompt.fields.count
            case .caretLeft where isPicker, .caretRight where isPicker:
                let count = max(1, prompt.fields[prompt.focus].options.count)
                let step = command == .caretLeft ? count - 1 : 1
                prompt.fields[prompt.focus].choice = (prompt.fields[prompt.focus].choice + step) % count
            default:
                if !isPicker { edit(&prompt.fields[prompt.focus].editor, command) }
            }
            return true
        }
        if case .character(let character) = key {
            if isPicker {
                if character == " " {
                    let count = max(1, prompt.fields[prompt.focus].options.count)
                    prompt.fields[prompt.focus].choice = (prompt.fields[prompt.focus].choice + 1) % count
                } else if let index = prompt.fields[prompt.focus].options.firstIndex(where: { $0.first == character }) {
                    prompt.fields[prompt.focus].choice = index
                }
            } else if !prompt.fields[prompt.focus].editor.insert(character) {
                textWasCut()
            }
            prompt.message = nil
        }
        return true
    }

    /// The editing commands shared by forms and prompts.
    func edit(_ editor: inout FieldEditor, _ command: Command) {
        switch command {
        case .caretLeft: editor.moveLeft()
        case .caretRight: editor.moveRight()
        case .caretHome: editor.moveHome()
        case .caretEnd: editor.moveEnd()
        case .deleteBackward: editor.deleteBackward()
        case .deleteForward: editor.deleteForward()
        case .clearField: editor.clear()
        default: break
        }
    }

    // MARK: Forms

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
            guard let action = session.screen.snapshot.action(name), action.enabled else {
                self.notify("Complete the form first.")
                return
            }
            self.invoke(action, session)
        }
    }

    // MARK: Mouse

    func handleMouse(_ event: MouseEvent) {
        guard overlay == nil, let session = top else {
            if event.kind == .click, case .error = overlay { overlay = nil }
            return
        }
        if event.y == layout.tabRow, event.kind == .click,
            let tab = layout.tabs.first(where: { $0.range.contains(event.x) }) {
            switchTo(screenAt: tab.index)
            return
        }
        guard let list = session.screen.snapshot.content.list else { return }
        switch event.kind {
        case .wheelUp: moveCursor(-3, session)
        case .wheelDown: moveCursor(3, session)
        case .click, .doubleClick:
            guard let rows = layout.listRows, rows.contains(x: event.x, y: event.y) else { return }
            session.listFocused = true
            session.cursor.index = layout.listTop + (event.y - rows.y)
            session.cursor.clamp(to: list)
            if event.kind == .doubleClick { perform(.activate, session) }
        }
    }
}
