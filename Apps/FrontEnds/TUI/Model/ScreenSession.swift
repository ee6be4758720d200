import ScreenKit

/// One open screen on the navigation stack, with the TUI's own view state
/// for it (cursor, scroll, form editors) and its change subscription.
@MainActor
final class ScreenSession {
    let screen: any Screen
    var cursor = ListCursor()
    var form = FormState()
    /// End was pressed on a list that has more: keep loading and move to
    /// the last row until the whole list is there (any other key stops).
    var chasingEnd = false
    /// Filtering as you type, while the filter bar is open.
    var liveFilter: LiveFilter?
    /// Ids of the rows marked with space, in marking order: an action
    /// taking several items acts on them instead of the cursor's row.
    var marks: [String] = []
    /// The list's column widths so far (they do not shrink while scrolling).
    var tableWidths = TableWidths()
    /// True when keys browse (lists, commands) rather than type into the
    /// form: on a screen with a list, on a tab's form until Enter, or after
    /// Esc left a form.
    var listFocused = false
    /// A field of a form that has a submit action was changed by the user
    /// and not submitted since: quitting would lose it, so `q` asks.
    var unsavedEdits = false
    /// The error status already shown as a dialog (shown once per error).
    var shownError: ScreenStatus?
    /// The notice on screen and when it appeared, so it can fade.
    var notice: (text: String, since: ContinuousClock.Instant)?
    /// Opened from another screen to fill in its form (not a tab's own
    /// screen): once its submit succeeds the TUI goes back.
    let opensToFillIn: Bool
    private var token: ObservationToken?

    /// `editsAtOnce`: a form takes typed keys from the start (a screen
    /// opened to fill it in); otherwise keys browse until Enter picks a field.
    init(screen: any Screen, editsAtOnce: Bool, onChange: @escaping @MainActor () -> Void) {
        self.screen = screen
        opensToFillIn = editsAtOnce && screen.snapshot.content.form.map { !FormState.editable($0).isEmpty } ?? false
        token = screen.changes.observe { _ in onChange() }
        // An error the screen opens with is its state ("nobody is signed
        // in"): the status line shows it beside the keys that help (sign
        // in). Only errors that arrive later open a dialog.
        if screen.snapshot.status.kind == .error { shownError = screen.snapshot.status }
        if let form = screen.snapshot.content.form {
            self.form.sync(with: form)
            listFocused = !editsAtOnce || FormState.editable(form).isEmpty
            // A form opened to be filled in starts with its value selected:
            // typing replaces the name being renamed, arrows keep it.
            if !listFocused, form.fields.indices.contains(self.form.focus) {
                self.form.editors[form.fields[self.form.focus].id]?.selectAll()
            }
        } else {
            listFocused = true
        }
    }

    /// Brings view state in line with the snapshot after a change.
    func sync(_ snapshot: ScreenSnapshot, now: ContinuousClock.Instant) {
        if let list = snapshot.content.list { cursor.clamp(to: list) }
        if let form = snapshot.content.form {
            self.form.sync(with: form)
            if FormState.editable(form).isEmpty { listFocused = true }
        }
        if snapshot.status.kind == .notice, let message = snapshot.status.message {
            if notice?.text != message { notice = (message, now) }
        } else {
            notice = nil
        }
    }

    /// True when typed characters go into a form field.
    var editing: Bool {
        guard !listFocused, let form = screen.snapshot.content.form else { return false }
        return !FormState.editable(form).isEmpty
    }

    func close() {
        token?.cancel()
        token = nil
        screen.close()
    }
}
