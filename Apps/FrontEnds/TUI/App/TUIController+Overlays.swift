import ScreenKit

/// Keys while a dialog is open: error, help, confirmation, prompt.
extension TUIController {
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
                    if let session = top { runConfirmed(action, arguments, on: session) }
                }
            case .character("n"), .character("N"), .escape, .enter:
                overlay = nil
            default:
                break
            }
        case .prompt(var prompt):
            if handlePrompt(key, &prompt) { overlay = .prompt(prompt) }
        case .palette(var palette):
            if handlePalette(key, &palette) { overlay = .palette(palette) }
        }
    }

    /// Puts a completion into the focused field; false when it adds nothing
    /// (the path is complete, or nothing fits).
    static func complete(_ prompt: inout Prompt, with completion: PathCompletion.Result) -> Bool {
        let typed = prompt.fields[prompt.focus].editor.text
        guard completion.text != typed || !completion.candidates.isEmpty else { return false }
        prompt.fields[prompt.focus].editor.replace(with: completion.text)
        prompt.fields[prompt.focus].editor.moveEnd()
        prompt.hint = completion.candidates.isEmpty ? nil : PathCompletion.summary(completion)
        return true
    }

    /// Tab in a path field of a core on another host: its host lists the
    /// folder. The answer completes the field if it still holds what was
    /// typed; one that adds nothing moves to the next field, as Tab does
    /// at once on this machine.
    func completeElsewhere(_ typed: String, field: Int) {
        let catalog = catalog
        Task { @MainActor [weak self] in
            let listing = await catalog.listPaths(typed)
            guard let self, case .prompt(var prompt)? = self.overlay, prompt.focus == field,
                  prompt.fields[field].editor.text == typed
            else { return }
            if !Self.complete(&prompt, with: PathCompletion.completion(listing)) {
                prompt.hint = nil
                prompt.focus = (field + 1) % prompt.fields.count
            }
            self.overlay = .prompt(prompt)
            self.dirty = true
        }
    }

    /// Returns false when the prompt closed.
    func handlePrompt(_ key: KeyEvent, _ prompt: inout Prompt) -> Bool {
        guard prompt.fields.indices.contains(prompt.focus) else { return false }
        let isPicker = prompt.fields[prompt.focus].isPicker
        // Tab in a path field completes the path, as a shell does, while
        // there is something to complete (the text grows, or several names
        // fit); on a complete path, or one nothing fits, Tab goes to the
        // next field as everywhere else in a form.
        if key == .tab, prompt.fields[prompt.focus].param.kind == .path {
            let typed = prompt.fields[prompt.focus].editor.text
            guard catalog.pathsAreLocal else {
                completeElsewhere(typed, field: prompt.focus)
                return true
            }
            if Self.complete(&prompt, with: PathCompletion.complete(typed)) { return true }
        }
        prompt.hint = nil
        if let command = bindings.command(for: key, in: .edit) {
            switch command {
            case .back:
                overlay = nil
                return false
            case .submit:
                do {
                    let arguments = try prompt.arguments()
                    overlay = nil
                    if let session = top { confirmOrRun(prompt.action, arguments, session, prompt: prompt) }
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

    /// Returns false when the palette closed (Esc, or Enter ran an entry).
    func handlePalette(_ key: KeyEvent, _ palette: inout Palette) -> Bool {
        if let command = bindings.command(for: key, in: .edit) {
            switch command {
            case .back:
                overlay = nil
                return false
            case .nextField: palette.move(1)
            case .previousField: palette.move(-1)
            case .submit:
                let matches = palette.matches
                guard matches.indices.contains(palette.selection) else { return true }
                overlay = nil
                choose(matches[palette.selection])
                return false
            default:
                edit(&palette.editor, command)
                palette.selection = 0
            }
            return true
        }
        if case .character(let character) = key {
            palette.editor.insert(character)
            palette.selection = 0
        }
        return true
    }

    private func choose(_ entry: Palette.Entry) {
        guard let session = top else { return }
        switch entry.target {
        case .screen(let index):
            switchTo(screenAt: index)
        case .action(let name):
            guard let action = session.screen.snapshot.action(name) else { return }
            invoke(action, session)
        }
    }

    /// The editing commands shared by forms and prompts.
    func edit(_ editor: inout FieldEditor, _ command: Command) {
        editor.apply(command)
    }
}
