import ScreenKit

/// Which open forms hold edits the user has not submitted, so that `q`
/// asks before they are lost.
extension TUIController {
    /// The first open screen (shown, or parked under another tab) with
    /// edits not submitted.
    var sessionWithUnsavedEdits: ScreenSession? {
        (stack + parked.keys.sorted().flatMap { parked[$0] ?? [] }).first(where: \.unsavedEdits)
    }

    /// After `action` ran: when it was the form's submit and the screen
    /// reports no error, the edits are no longer at risk.
    func noteSubmitted(_ action: String, _ session: ScreenSession) {
        let snapshot = session.screen.snapshot
        guard action == snapshot.content.form?.submitAction, snapshot.status.kind != .error else { return }
        session.unsavedEdits = false
    }
}
