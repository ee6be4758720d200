import ScreenKit

/// Layout: title bar, title line, content (form, detail, list in that
/// order), status and key hints, then the overlay on top.
extension TUIController {
    /// Brings the top screen's view state up to date and raises its error,
    /// once, as a dialog.
    func syncTop() {
        guard let session = top else { return }
        let snapshot = session.screen.snapshot
        session.sync(snapshot, now: now())
        if snapshot.status.kind == .error {
            if promptFailed(session, pending: true) { return }
            if session.shownError != snapshot.status {
                session.shownError = snapshot.status
                switch overlay {
                case .error, .prompt: break
                default: overlay = .error(title: "Error", message: snapshot.status.message ?? "Something went wrong.")
                }
            }
        } else {
            session.shownError = nil
            _ = promptFailed(session, pending: actionInFlight)
        }
        // A load that finished in the background lets End go on.
        if session.chasingEnd, !actionInFlight { continueChasingEnd() }
    }

    /// Composes the whole frame into a fresh cell buffer.
    public func render(width: Int, height: Int) -> Frame {
        dirty = false
        var buffer = CellBuffer(width: width, height: height)
        layout = FrameLayout()
        guard width >= TooSmall.minimumWidth, height >= TooSmall.minimumHeight else {
            layout.tooSmall = true
            TooSmall.draw(into: &buffer)
            return Frame(buffer: buffer, caret: nil)
        }
        syncTop()
        guard let session = top else { return Frame(buffer: buffer, caret: nil) }
        let snapshot = DrawnSnapshot.of(session.screen.snapshot)
        let list = snapshot.content.list

        layout.tabs = TitleBar.draw(into: &buffer, row: 0, tabs: topLevelScreens.map(\.title), active: activeTab, width: width,
            ellipsis: glyphs.ellipsis.count == 1 ? glyphs.ellipsis : ".")
        layout.tabRow = 0
        TitleLine.draw(
            into: &buffer, row: 1, path: stack.map { $0.screen.snapshot.title }, info: titleInfo(list), width: width,
            glyphs: glyphs)
        if let bar = barLine {
            // Row 2 is the gap above the content: a bar takes no row from it.
            buffer.write(TerminalText.truncate(bar, to: width - 2, ellipsis: glyphs.ellipsis), x: 1, y: 2, style: .dim)
        }

        let message = statusMessage(snapshot, session)
        let positionText = list.map(position)
        // A long warning takes rows from the content, never all of them.
        let warningRows = session.liveFilter != nil ? 0 : StatusLine.rowsAbove(
            for: message, position: positionText, width: width, limit: min(StatusLine.maximumWarningRows, (height - 5) / 3))
        var area = Rect(x: 0, y: 3, width: width, height: height - 5 - warningRows)
        var caret: Frame.Caret?
        let form = snapshot.content.form
        let detail = snapshot.content.detail
        let submit = form?.submitAction.flatMap { snapshot.action($0) }
        let rooms = ContentLayout(
            form: form.map { FormView.height(of: $0, submit: submit, width: width) }, detail: detail.map { DetailView.height(of: $0, width: width) },
            list: list != nil, listRows: list.map { 1 + $0.total }, available: area.height)
        if let form {
            let at = FormView.draw(
                into: &buffer, form, state: session.form, focused: !session.listFocused,
                pointing: session.listFocused && list == nil, submit: submit,
                in: Rect(x: 0, y: area.y, width: width, height: rooms.form), glyphs: glyphs)
            if let at { caret = Frame.Caret(x: at.x, y: at.y) }
            area = area.droppingTop(rooms.form + 1)
        }
        if let detail {
            DetailView.draw(into: &buffer, detail, in: Rect(x: 0, y: area.y, width: width, height: rooms.detail), glyphs: glyphs)
            area = area.droppingTop(rooms.detail + 1)
        }
        var images: [Frame.Image] = []
        let picture = picturesShown ? Self.pictureAction(snapshot) : nil
        if let picture, picture.item == nil, list == nil, area.height >= 4 {
            // The screen's own picture, below its detail.
            let key = pictureKey(session, snapshot, item: nil)
            requestPicture(key, session: session, snapshot: snapshot, action: picture.action, item: nil, itemID: nil)
            let box = Rect(x: 1, y: area.y, width: min(width - 2, Self.pictureBox.columns), height: area.height)
            if let image = drawPicture(into: &buffer, key: key, in: box) { images.append(image) }
        }
        if let picture, picture.item != nil, let list, area.height >= 4,
           width >= Self.listRoomBesidePicture + Self.pictureBox.columns + 2 {
            // The selected row's picture, to the right of the list.
            let besides = Self.pictureBox.columns + 2
            if let item = session.cursor.item(in: list) {
                let key = pictureKey(session, snapshot, item: item)
                requestPicture(
                    key, session: session, snapshot: snapshot, action: picture.action, item: picture.item, itemID: item.id)
                let box = Rect(x: width - besides + 1, y: area.y, width: Self.pictureBox.columns, height: area.height)
                if let image = drawPicture(into: &buffer, key: key, in: box) { images.append(image) }
            }
            area = Rect(x: area.x, y: area.y, width: area.width - besides, height: area.height)
        }
        if let list, area.height >= 2 {
            session.cursor.scroll(rows: area.height - 1, in: list)
            let placement = ListView.draw(
                into: &buffer, list, cursor: session.cursor, focused: session.listFocused, in: area,
                widths: &session.tableWidths, glyphs: glyphs, marked: Set(session.marks))
            layout.listRows = placement.rows
            layout.listTop = placement.top
            layout.headerRow = placement.headerRow
            layout.headerColumns = placement.headerColumns
        }

        StatusLine.draw(
            into: &buffer, message: message, position: positionText,
            hints: hints(snapshot, session), row: height - 2, width: width, spinnerFrame: spinnerFrame, glyphs: glyphs,
            rowsAbove: warningRows)
        if let filter = session.liveFilter {
            // The filter bar takes the status row while it is open.
            let at = StatusLine.drawFilter(
                into: &buffer, filter.editor, label: TerminalText.sanitize(filter.action.label), position: list.map(position),
                row: height - 2, width: width)
            caret = Frame.Caret(x: at.x, y: at.y)
        }

        switch overlay {
        case .error(let title, let message)?:
            DialogBox.message(into: &buffer, title: title, message: message, footer: "enter/esc close", style: .error, glyphs: glyphs)
            caret = nil
        case .help(let scroll)?:
            let shown = HelpOverlay.draw(into: &buffer, actions: snapshot.actions, bindings: bindings, scroll: scroll, glyphs: glyphs)
            if shown != scroll { overlay = .help(scroll: shown) }
            caret = nil
        case .confirm(let confirmation)?:
            DialogBox.message(
                into: &buffer, title: confirmation.title, message: confirmation.message, footer: "y yes · n no",
                style: .border, glyphs: glyphs)
            caret = nil
        case .prompt(let prompt)?:
            caret = PromptView.draw(into: &buffer, prompt, glyphs: glyphs).map { Frame.Caret(x: $0.x, y: $0.y) }
        case .palette(let palette)?:
            let at = PaletteView.draw(into: &buffer, palette, glyphs: glyphs)
            caret = Frame.Caret(x: at.x, y: at.y)
        case nil:
            break
        }
        return Frame(buffer: buffer, caret: caret, images: images)
    }

    func titleInfo(_ list: ListContent?) -> String {
        guard let list else { return "" }
        var parts: [String] = []
        if let filter = list.filter, !filter.isEmpty {
            parts.append("filter: " + TerminalText.truncate(TerminalText.sanitize(filter), to: 20, ellipsis: glyphs.ellipsis))
        }
        if let sort = list.sort {
            parts.append("sort: " + TerminalText.sanitize(sort) + (list.sortDescending == true ? " " + glyphs.sortDescending : ""))
        }
        return parts.joined(separator: "  ")
    }

    func position(_ list: ListContent) -> String {
        guard list.total > 0, !list.items.isEmpty, let cursor = top?.cursor else { return "0/\(list.total.formatted())" }
        return "\(min(cursor.index + 1, list.total).formatted())/\(list.total.formatted())"
    }

    func statusMessage(_ snapshot: ScreenSnapshot, _ session: ScreenSession) -> StatusLine.Message? {
        let current = now()
        if let local = localNotice, current - local.since < Self.noticeLifetime {
            return .init(text: local.text, style: local.style, spinning: false)
        }
        switch snapshot.status.kind {
        case .loading:
            return .init(text: snapshot.status.message ?? "Working…", style: .normal, spinning: true)
        case .error:
            return .init(text: snapshot.status.message ?? "Error", style: .error, spinning: false)
        case .warning:
            // "Done, with problems" stays until the screen changes: unlike
            // a notice it is something to act on.
            let text = snapshot.status.message ?? "Done, with problems."
            return .init(text: glyphs.warning + " " + text, style: .warning, spinning: false)
        case .notice:
            if let notice = session.notice, current - notice.since < Self.noticeLifetime {
                return .init(text: notice.text, style: .notice, spinning: false)
            }
        case .idle:
            break
        }
        if snapshot.content.list?.loadingMore == true {
            return .init(text: "Loading more" + glyphs.ellipsis, style: .normal, spinning: true)
        }
        if actionInFlight { return .init(text: "Working" + glyphs.ellipsis, style: .normal, spinning: true) }
        return nil
    }

    /// True while a notice is on screen or something spins: the run loop
    /// keeps drawing so the spinner turns and notices fade on time.
    public var isAnimating: Bool {
        let current = now()
        if let local = localNotice, current - local.since < Self.noticeLifetime + .milliseconds(200) { return true }
        if let notice = top?.notice, current - notice.since < Self.noticeLifetime + .milliseconds(200) { return true }
        return isBusy
    }

    func hints(_ snapshot: ScreenSnapshot, _ session: ScreenSession) -> [(key: String, label: String)] {
        // Help and quit come first so a narrow terminal still shows them.
        if session.liveFilter != nil {
            return [(StandardKey.enter, "Keep filter"), ("esc", "Restore"), ("ctrl-u", "Clear")]
        }
        var hints: [(String, String)] = session.editing ? [("f1", "Help")] : [("?", "Help"), ("q", "Quit")]
        // Enter goes back into a form that was left, so no action claims it.
        let enterEdits = !session.editing && snapshot.content.list == nil
            && snapshot.content.form.map { !FormState.editable($0).isEmpty } == true
        if enterEdits { hints.append((StandardKey.enter, "Edit")) }
        if session.editing {
            hints.append(("esc", stack.count > 1 ? "Back" : "Leave form"))
            hints.append(("tab", "Next field"))
            if let name = snapshot.content.form?.submitAction, let action = snapshot.action(name), action.enabled {
                hints.append((StandardKey.enter, TerminalText.sanitize(action.label)))
            }
        }
        for action in snapshot.actions where action.enabled {
            guard let key = action.key, !(session.editing && key.count == 1), !(enterEdits && key == StandardKey.enter) else { continue }
            if session.editing, action.name == snapshot.content.form?.submitAction { continue }
            hints.append((key, TerminalText.sanitize(action.label)))
        }
        if stack.count > 1, !session.editing { hints.append(("esc", "Back")) }
        return hints
    }
}
