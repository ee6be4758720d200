import ScreenKit

/// Running screen actions from keys: arguments from the cursor, the form
/// or a prompt; confirmation first for those whose effect asks first.
extension TUIController {
    /// Starts an action the user asked for: fills `item` parameters from the
    /// cursor and parameters named like form fields from the form, prompts
    /// for the rest, confirms those that remove or destroy.
    func invoke(_ action: ActionDescriptor, _ session: ScreenSession) {
        guard action.enabled else {
            refuse(Self.unavailable(action))
            return
        }
        if actionInFlight {
            notify("Still working on the last action…")
            return
        }
        let snapshot = session.screen.snapshot
        if LiveFilter.drives(action), let list = snapshot.content.list {
            session.liveFilter = LiveFilter(action: action, current: list.filter ?? "")
            return
        }
        var fixed = ActionArguments()
        for param in action.params where param.kind == .item {
            if param.takesSeveral, !session.marks.isEmpty {
                // Marks are used once: the rows they named may move or go.
                fixed[param.name] = .string(session.marks.joined(separator: ","))
                session.marks = []
                localNotice = nil  // "2 marked." no longer holds; what the action did follows
                continue
            }
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
        // Yes (and a typed second answer) belong to the dialog, not a form.
        if action.params.contains(where: { fixed[$0.name] == nil && !ActionConfirmation.answeredByDialog($0, of: action) }) {
            overlay = .prompt(Prompt(action: action, fixed: fixed, prefill: prefill(for: action, snapshot)))
            return
        }
        confirmOrRun(action, fixed, session)
    }

    /// Why `action` cannot run now, in the screen's words when it gave them.
    static func unavailable(_ action: ActionDescriptor) -> String {
        TerminalText.sanitize(action.disabledReason ?? "\(action.label) is not available right now.")
    }

    /// Starting values for a prompt: the list's filter for the filter
    /// action, the list's sort for a choice that offers it.
    func prefill(for action: ActionDescriptor, _ snapshot: ScreenSnapshot) -> [String: String] {
        var values: [String: String] = [:]
        // What the screen suggests (the current name for a rename).
        for param in action.params { if let suggestion = param.suggestion { values[param.name] = suggestion } }
        guard let list = snapshot.content.list else { return values }
        // An action on the row under the cursor starts a parameter named
        // like one of the row's values with that value (a rename starts
        // from the current name, to be edited rather than typed again).
        if action.params.contains(where: { $0.kind == .item }), let item = top?.cursor.item(in: list) {
            for param in action.params where values[param.name] == nil && (param.kind == .string || param.kind == .path) {
                if case .string(let current)? = item.values[param.name], !current.isEmpty { values[param.name] = current }
            }
        }
        for param in action.params {
            if param.kind == .choice, let sort = list.sort, param.choices?.contains(sort) ?? false {
                values[param.name] = sort
            } else if action.name == StandardAction.filter, param.name == StandardParam.text, let filter = list.filter {
                values[param.name] = filter
            }
        }
        return values
    }

    func confirmOrRun(_ action: ActionDescriptor, _ arguments: ActionArguments, _ session: ScreenSession, prompt: Prompt? = nil) {
        guard action.effect.asksFirst, prompt?.confirmed != true else {
            run(action.name, arguments, on: session, prompt: prompt)
            return
        }
        var target = ""
        if let path = action.params.first(where: { $0.kind == .path }).flatMap({ arguments.string($0.name) }) {
            // What a path-taking action writes over is the file, not the screen.
            target = " \"\(TerminalText.sanitize(path))\""
        } else if let marked = action.params.first(where: \.takesSeveral).flatMap({ arguments.string($0.name) }),
            marked.contains(",") {
            target = " (\(marked.split(separator: ",").count) marked rows)"
        } else if let list = session.screen.snapshot.content.list, action.params.contains(where: { $0.kind == .item }),
            let item = session.cursor.item(in: list) {
            target = " \"\(TerminalText.sanitize(item.title))\""
        } else if !action.params.contains(where: { $0.kind == .item }) {
            target = " \"\(TerminalText.sanitize(session.screen.snapshot.title))\""
        }
        // The closing words come from the effect, as the screen's own do:
        // a removal says undo brings it back, a destruction that it cannot.
        let generic = action.effect.question("\(action.label)\(target)?")
        let then = Confirmation.Then.run(action: action.name, arguments: ActionConfirmation.confirmed(arguments, for: action))
        overlay = .confirm(Confirmation(title: action.label, message: generic, then: then))
        // The screen names its target better (a playlist's song count, what
        // and how much a folder holds): its question replaces the words
        // above once it is known, while the same question is still open.
        let screen = session.screen
        Task { @MainActor [weak self, weak session] in
            let answer: String?
            do { answer = try await screen.confirmation(of: action.name, arguments) } catch { return }
            guard let self, case .confirm(let shown)? = self.overlay, shown.title == action.label, shown.message == generic
            else { return }
            guard let question = answer else {
                // Nothing would be destroyed (an export to a file not there
                // yet): no question, as the CLI asks none. Run without the
                // yes, so a file that appears meanwhile is refused, not replaced.
                self.overlay = nil
                if let session { self.run(action.name, arguments, on: session, prompt: prompt) }
                self.dirty = true
                return
            }
            // The screen's question already ends with the effect's words;
            // `question` adds them only to one that does not (an older server).
            let message = action.effect.question(TerminalText.sanitize(question))
            self.overlay = .confirm(Confirmation(title: action.label, message: message, then: then))
            self.dirty = true
        }
    }
}
