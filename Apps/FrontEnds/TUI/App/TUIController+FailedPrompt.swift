import ScreenKit

/// What a failed action leaves on screen: the prompt it was typed into,
/// with the text kept and the error beside it, when there was one; for the
/// TUI's own reloads, the status line only.
extension TUIController {
    /// Shows the awaited prompt again with `error` beside it; false when no
    /// prompt awaits or another dialog took the screen meanwhile.
    func reopenPrompt(with error: any Error) -> Bool {
        guard var prompt = promptAwaiting?.prompt else { return false }
        promptAwaiting = nil
        switch overlay {
        case nil, .prompt?: break
        default: return false
        }
        let screenError = error as? ScreenError ?? .failed(String(describing: error), code: "internal")
        prompt.message = screenError.message
        overlay = .prompt(prompt)
        dirty = true
        return true
    }

    /// Checks the screen a prompted action ran on: a new error brings the
    /// prompt back (true); work that goes on (`pending`, or the screen still
    /// busy) keeps waiting for its end; otherwise the wait is over.
    func promptFailed(_ session: ScreenSession, pending: Bool) -> Bool {
        guard let awaiting = promptAwaiting, awaiting.session == ObjectIdentifier(session) else { return false }
        let status = session.screen.snapshot.status
        if status.kind == .error, session.shownError != status {
            guard reopenPrompt(with: ScreenError.failed(status.message ?? "Something went wrong.", code: status.code ?? "failed"))
            else { return false }
            session.shownError = status
            return true
        }
        if !pending, !status.isLoading, !session.screen.isBusy { promptAwaiting = nil }
        return false
    }

    /// A quiet run that left an error: it stays in the status line, marked
    /// as shown so that no dialog opens for it.
    func holdBack(_ session: ScreenSession) {
        let status = session.screen.snapshot.status
        if status.kind == .error { session.shownError = status }
    }
}
