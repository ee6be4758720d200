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
        top?.chasingEnd = false
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        // An Alt chord bound to a global command (Alt+digit, Alt+x) works
        // whatever has the keys: it never types, so it needs no leaving first.
        if case .alt = key, let command = bindings.command(for: key, in: .browse), let session = top, !layout.tooSmall {
            // A tab switch parks the tab's prompt with it; other commands close it.
            if !command.switchesTab { overlay = nil }
            perform(command, session)
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
        if session.liveFilter != nil {
            handleLiveFilter(key, session)
            return
        }
        if session.editing {
            handleEditing(key, session)
            return
        }
        if editsBrowsedForm(key, session) { return }
        if let command = bindings.command(for: key, in: .browse) {
            if browseForm(command, session) { return }
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
        case .mark:
            guard let list, snapshot.actions.contains(where: { $0.params.contains(where: \.takesSeveral) }),
                  let item = session.cursor.item(in: list) else {
                moveCursor(page, session)
                return
            }
            if let index = session.marks.firstIndex(of: item.id) {
                session.marks.remove(at: index)
            } else {
                session.marks.append(item.id)
            }
            notify(session.marks.isEmpty ? "No rows marked." : "\(session.marks.count) marked.")
            moveCursor(1, session)
        case .first:
            if let list {
                session.cursor.moveToFirst(in: list)
                loadPreviousIfNeeded(session)
            }
        case .last:
            if let list {
                session.cursor.moveToLast(in: list)
                session.chasingEnd = list.hasMore
                loadMoreIfNeeded(session)
            }
        case .activate:
            if let action = snapshot.actions.first(where: { $0.key == StandardKey.enter })
                ?? snapshot.actions.first(where: { $0.enabled && $0.params.contains { $0.kind == .item } }) {
                invoke(action, session)
            }
        case .nextScreen, .previousScreen:
            let count = topLevelScreens.count
            guard count > 1 else { return }
            let current = activeTab ?? 0
            switchTo(screenAt: (current + (command == .nextScreen ? 1 : count - 1)) % count)
        case .switchScreen(let number): switchTo(screenAt: number - 1)
        case .sortNext: sortByColumn(step: 1, session)
        case .sortPrevious: sortByColumn(step: -1, session)
        case .sortReverse: reverseSort(session)
        case .palette:
            overlay = .palette(Palette(actions: snapshot.actions, screens: topLevelScreens))
        default: break
        }
    }

    func moveCursor(_ delta: Int, _ session: ScreenSession) {
        guard let list = session.screen.snapshot.content.list else { return }
        session.cursor.move(by: delta, in: list)
        if delta > 0 { loadMoreIfNeeded(session) } else { loadPreviousIfNeeded(session) }
    }

    /// Near the end of the loaded window of a list that has more: `StandardAction.loadMore`.
    func loadMoreIfNeeded(_ session: ScreenSession) {
        extendWindow(StandardAction.loadMore, session) { $0.wantsMore($1, margin: prefetchMargin($1)) }
    }

    /// Near the start of a window that begins below the top: `StandardAction.loadPrevious`
    /// (a window over a huge list keeps only so many rows, so going back up
    /// needs the rows it dropped).
    func loadPreviousIfNeeded(_ session: ScreenSession) {
        extendWindow(StandardAction.loadPrevious, session) { $0.wantsPrevious($1, margin: max(5, prefetchMargin($1))) }
    }

    /// How near the window's edge the cursor comes before the next rows are
    /// asked for: a screenful, so that over a slow connection (ssh) they are
    /// there when the cursor is; at most a quarter of the window, so a tall
    /// terminal does not keep a short window loading.
    func prefetchMargin(_ list: ListContent) -> Int {
        min(layout.listRows?.height ?? 10, list.items.count / 4)
    }

    /// Runs a paging action when the cursor asks for it and the screen offers
    /// it without arguments; one at a time.
    private func extendWindow(_ action: String, _ session: ScreenSession, when wanted: (ListCursor, ListContent) -> Bool) {
        let snapshot = session.screen.snapshot
        guard let list = snapshot.content.list, wanted(session.cursor, list),
            let descriptor = snapshot.action(action), descriptor.enabled, descriptor.params.isEmpty,
            !actionInFlight
        else { return }
        run(action, [:], on: session)
    }

    /// After each action: while End is being chased, move to the last row
    /// loaded and load the next part, until the list has no more.
    func continueChasingEnd() {
        guard let session = top, session.chasingEnd else { return }
        guard let list = session.screen.snapshot.content.list else {
            session.chasingEnd = false
            return
        }
        if list.loadingMore { return }  // its change comes back here
        session.cursor.moveToLast(in: list)
        if list.hasMore {
            loadMoreIfNeeded(session)
        } else {
            session.chasingEnd = false
        }
    }

    func requestQuit() {
        if isBusy {
            overlay = .confirm(Confirmation(title: "Quit", message: "Work is still running. Quit anyway?", then: .quit))
        } else if let unsaved = sessionWithUnsavedEdits {
            let title = TerminalText.sanitize(unsaved.screen.snapshot.title)
            overlay = .confirm(Confirmation(title: "Quit", message: "\(title) has changes that are not saved. Quit without saving them?", then: .quit))
        } else {
            quit()
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
        if event.y == layout.headerRow, event.kind == .click,
            let hit = layout.headerColumns.first(where: { $0.range.contains(event.x) }),
            list.columns.indices.contains(hit.column) {
            sortByClick(on: list.columns[hit.column], session)
            return
        }
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
