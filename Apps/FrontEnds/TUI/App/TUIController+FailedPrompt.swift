import ScreenKit

/// What a failed action leaves on screen: the prompt it was typed into,
/// with the text kept, when there was one; for the TUI's own reloads, the
/// status line only.
extension TUIController {
    /// Shows `prompt` again with `error` beside it; false when there is no
    /// prompt to go back to or something else took the screen meanwhile.
    func reopen(_ prompt: Prompt?, with error: any Error) -> Bool {
        guard var prompt, overlay == nil else { return false }
        let screenError = error as? ScreenError ?? .failed(String(describing: error), code: "internal")
        prompt.message = screenError.message
        overlay = .prompt(prompt)
        dirty = true
        return true
    }

    /// An action that did not throw but left a new error on the screen:
    /// the prompt comes back with it instead of a dialog over an empty
    /// screen. True when the prompt was shown again.
    func keptAfterFailure(_ prompt: Prompt?, _ session: ScreenSession) -> Bool {
        let status = session.screen.snapshot.status
        guard prompt != nil, status.kind == .error, session.shownError != status, top === session,
            reopen(prompt, with: ScreenError.failed(status.message ?? "Something went wrong.", code: status.code ?? "failed"))
        else { return false }
        session.shownError = status
        return true
    }

    /// A quiet run that left an error: it stays in the status line, marked
    /// as shown so that no dialog opens for it.
    func holdBack(_ session: ScreenSession) {
        let status = session.screen.snapshot.status
        if status.kind == .error { session.shownError = status }
    }
}
