import ScreenKit

/// Keys while the filter bar is open, and the debounced sending of the
/// typed text through the screen's standard filter action.
extension TUIController {
    func handleLiveFilter(_ key: KeyEvent, _ session: ScreenSession) {
        guard var filter = session.liveFilter else { return }
        if let command = bindings.command(for: key, in: .edit) {
            switch command {
            case .submit:
                // Enter keeps what was typed: send it now if not yet sent.
                session.liveFilter = nil
                sendFilter(filter.editor.text, filter, session)
                return
            case .back:
                // Esc puts back the filter there was before.
                session.liveFilter = nil
                sendFilter(filter.original, filter, session)
                return
            case .nextField, .previousField, .help, .redraw:
                return
            default:
                let before = filter.editor.text
                edit(&filter.editor, command)
                if filter.editor.text != before { filter.due = now() + LiveFilter.debounce }
            }
        } else if case .character(let character) = key {
            if filter.editor.insert(character) {
                filter.due = now() + LiveFilter.debounce
            } else {
                textWasCut()
            }
        }
        session.liveFilter = filter
    }

    /// Runs the filter with `text` unless the screen already has it; the
    /// cursor goes to the first row of the new result.
    private func sendFilter(_ text: String, _ filter: LiveFilter, _ session: ScreenSession) {
        guard text != (session.screen.snapshot.content.list?.filter ?? "") else { return }
        session.cursor = ListCursor()
        run(filter.action.name, [StandardParam.text: .string(text)], on: session, isFieldSync: true)
    }

    /// Called by the run loop on every poll: sends typed filter text once
    /// typing has paused.
    public func tick() {
        guard let session = top, var filter = session.liveFilter, let due = filter.due, now() >= due else { return }
        filter.due = nil
        session.liveFilter = filter
        sendFilter(filter.editor.text, filter, session)
        dirty = true
    }
}
