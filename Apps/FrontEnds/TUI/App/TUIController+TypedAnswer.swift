import ScreenKit

/// After yes in a delete dialog: the few targets that need a second, typed
/// answer (the home folder) ask it now, in a prompt of its own; every other
/// target runs at once.
extension TUIController {
    func runConfirmed(_ name: String, _ arguments: ActionArguments, on session: ScreenSession) {
        guard let action = session.screen.snapshot.action(name),
              let param = action.params.first(where: { $0.name == StandardParam.confirmPath }) else {
            run(name, arguments, on: session)
            return
        }
        let screen = session.screen
        Task { @MainActor [weak self, weak session] in
            guard let self, let session else { return }
            let question: String?
            do {
                question = try await screen.typedConfirmation(of: name, arguments)
            } catch {
                self.showError(error)
                return
            }
            guard let question else {
                self.run(name, arguments, on: session)
                return
            }
            self.overlay = .prompt(Self.typedAnswer(question, param, for: action, arguments))
            self.dirty = true
        }
    }

    /// A prompt with the one field the typed answer fills, under the screen's question.
    static func typedAnswer(
        _ question: String, _ param: ParamDescriptor, for action: ActionDescriptor, _ arguments: ActionArguments
    ) -> Prompt {
        var prompt = Prompt(action: action, fixed: arguments, prefill: [:])
        var field = param
        field.label = "Full path"
        field.required = true
        prompt.fields = [Prompt.Field(param: field, editor: FieldEditor(""), choice: 0)]
        prompt.note = question
        prompt.confirmed = true
        return prompt
    }
}
