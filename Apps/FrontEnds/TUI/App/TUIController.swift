import ScreenKit

/// The TUI's state machine: the navigation stack of open screens, the modal
/// overlay, and the serial queue that runs actions. It interprets the screen
/// contract and nothing else — no screen is named anywhere in the TUI.
///
/// Input arrives as decoded key events (`handle`), output leaves as frames
/// (`render`), so tests and the benchmark drive it without a terminal.
@MainActor
public final class TUIController {
    public static let noticeLifetime: Duration = .seconds(5)

    let catalog: any ScreenCatalog
    let bindings: KeyBindings
    public var glyphs: Glyphs
    var stack: [ScreenSession] = []
    /// The navigation stacks of the tabs not on screen, by tab index.
    var parked: [Int: [ScreenSession]] = [:]
    /// The prompt or confirmation each parked tab had open, by tab index.
    var parkedOverlays: [Int: Overlay] = [:]
    var overlay: Overlay?
    /// False once the user quit.
    public private(set) var running = true
    /// Set when something visible changed since the last frame.
    public internal(set) var dirty = true {
        didSet { if dirty { onDirty?() } }
    }
    /// Told when `dirty` is set, so a sleeping run loop wakes to draw.
    var onDirty: (@MainActor () -> Void)?
    /// Advances the spinner; the run loop bumps it.
    public var spinnerFrame = 0
    /// A message of the TUI's own (not a screen's), with when it appeared.
    var localNotice: (text: String, style: CellStyle, since: ContinuousClock.Instant)?
    var layout = FrameLayout()
    let now: () -> ContinuousClock.Instant
    /// Whether screens' pictures are drawn (`--no-pictures`, `FACET_PICTURES=off` turn them off for
    /// this run; the stored `pictures` setting withdraws the picture actions themselves).
    public var picturesShown = true
    /// How the terminal shows them: symbols, or its own pixels (`GraphicsQuery`).
    public var graphics = TerminalGraphics.symbols {
        didSet {
            // Pixels were made for the old cell size; symbols do not depend on it.
            if graphics != oldValue { for key in pictureShelf.drawn.keys { pictureShelf.drawn[key]?.pixels = nil } }
        }
    }
    /// The pictures asked for, and as drawn (`TUIController+Pictures`).
    var pictureShelf = PictureShelf()
    /// The bar screens held open (`TUIController+Bars`), and whether they were opened.
    var bars: [OpenBar] = []
    var barsOpened = false

    // The action queue: screen actions run one after another, in order.
    private var queue: [(job: @MainActor () async -> Void, isFieldSync: Bool)] = []
    private var drainTask: Task<Void, Never>?
    /// A user action (not a field sync) is queued or running.
    private(set) var actionInFlight = false
    private var pendingFields: [(session: ObjectIdentifier, field: String)] = []
    private var cutNoticeShown = false
    /// An action whose arguments came from a prompt, running on a screen or
    /// its work still going on there: an error it leaves brings the prompt
    /// back, text kept, rather than a dialog.
    var promptAwaiting: (prompt: Prompt, session: ObjectIdentifier)?

    public init(
        catalog: any ScreenCatalog, bindings: KeyBindings = .standard, glyphs: Glyphs = .unicode,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.catalog = catalog
        self.bindings = bindings
        self.glyphs = glyphs
        self.now = now
    }

    /// Opens the first screen. Throws when it cannot be opened at all.
    ///
    /// A child screen (`facet --ui tui playlist Big`) opens inside its tab,
    /// on top of the tab's first screen, as if Enter had opened it there:
    /// it is then that tab's place, kept while other tabs are visited, and
    /// Esc leads to the list it belongs to.
    public func start(_ home: ScreenRequest) async throws(ScreenError) {
        let screen = try await catalog.open(home)
        stack = [makeSession(screen, root: true)]
        if let tab = catalog.screens.tab(of: home.screen), tab.id != home.screen,
           !tab.params.contains(where: \.required),
           let first = try? await catalog.open(ScreenRequest(screen: tab.id)) {
            stack.insert(makeSession(first, root: true), at: 0)
        }
        if !catalog.warnings.isEmpty { notify(catalog.warnings.joined(separator: " "), style: .warning) }
    }

    /// The screen on top, as every other front end would see it.
    public var snapshot: ScreenSnapshot? { stack.last?.screen.snapshot }

    /// Screens on the stack, bottom first (for tests).
    public var path: [String] { stack.map { $0.screen.snapshot.screen } }

    var top: ScreenSession? { stack.last }

    /// Something is loading or running: the spinner turns and `q` asks first.
    public var isBusy: Bool {
        guard let top else { return actionInFlight }
        let snapshot = top.screen.snapshot
        let working = top.screen.isBusy
        return actionInFlight || working || snapshot.status.isLoading || (snapshot.content.list?.loadingMore ?? false)
    }

    public func markDirty() { dirty = true }

    /// Closes every screen (on exit).
    public func shutdown() {
        for session in stack.reversed() { session.close() }
        stack.removeAll()
        for sessions in parked.values { for session in sessions.reversed() { session.close() } }
        parked.removeAll()
        closeBars()
        drainTask?.cancel()
    }

    /// Waits until queued actions and the top screen's background work are done.
    public func settle() async {
        while true {
            if let task = drainTask {
                await task.value
                continue
            }
            if let top { await top.screen.settle() }
            if drainTask == nil { return }
        }
    }

    /// A tab's first screen starts browsing (digits switch tabs, `q`
    /// quits) even when it is a form; a screen opened from another starts
    /// in its form, since filling it in is why it was opened.
    func makeSession(_ screen: any Screen, root: Bool) -> ScreenSession {
        ScreenSession(screen: screen, editsAtOnce: !root) { [weak self] in self?.dirty = true }
    }

    // MARK: The action queue

    func enqueue(isFieldSync: Bool = false, _ job: @escaping @MainActor () async -> Void) {
        queue.append((job, isFieldSync))
        if !isFieldSync { actionInFlight = true }
        guard drainTask == nil else { return }
        drainTask = Task { @MainActor [weak self] in
            while let self, !self.queue.isEmpty {
                let next = self.queue.removeFirst()
                await next.job()
                self.actionInFlight = self.queue.contains { !$0.isFieldSync }
                self.dirty = true
                if self.queue.isEmpty { self.continueChasingEnd() }
            }
            self?.actionInFlight = false
            self?.drainTask = nil
        }
    }

    /// Runs a screen action (already validated by the prompt or needing
    /// none) and follows its outcome.
    ///
    /// `prompt`: the prompt the arguments were typed into; when the action
    /// fails it comes back with the text kept and the error beside it.
    /// `quiet`: the TUI's own doing (a reload on coming back to a screen),
    /// not something the user just asked for, so a failure goes to the
    /// status line rather than a dialog.
    func run(
        _ action: String, _ arguments: ActionArguments, on session: ScreenSession, isFieldSync: Bool = false,
        prompt: Prompt? = nil, quiet: Bool = false
    ) {
        if let prompt { promptAwaiting = (prompt, ObjectIdentifier(session)) }
        enqueue(isFieldSync: isFieldSync) { [weak self, weak session] in
            guard let self, let session, self.stack.contains(where: { $0 === session }) else { return }
            do {
                let outcome = try await session.screen.run(action, arguments)
                self.noteSubmitted(action, session)
                if quiet { self.holdBack(session) }
                if prompt != nil, self.promptFailed(session, pending: outcome.pending) { return }
                await self.follow(outcome, from: session, after: action)
            } catch {
                if prompt != nil, self.reopenPrompt(with: error) { return }
                if quiet {
                    self.refuse(TerminalText.sanitize((error as? ScreenError)?.message ?? String(describing: error)))
                } else {
                    self.showError(error)
                }
            }
        }
    }

    func follow(_ outcome: ActionOutcome, from session: ScreenSession, after action: String = "") async {
        if let focus = outcome.focus, let list = session.screen.snapshot.content.list,
            let index = list.items.firstIndex(where: { $0.id == focus }) {
            session.cursor.index = list.offset + index
        }
        if let request = outcome.navigate {
            await push(request)
        } else if outcome.back, top === session {
            pop()
        } else if !outcome.pending, leavesAfterSubmit(session, action) {
            // A form opened from another screen to be filled in (a rename)
            // is done once it was carried out: back to where it came from,
            // saying what happened. Work that goes on (a sign-in, whose
            // token the screen then shows) keeps the form on screen.
            let notice = session.screen.snapshot.status.kind == .notice ? session.screen.snapshot.status.message : nil
            pop()
            if let notice { notify(TerminalText.sanitize(notice)) }
        }
        // The view model's service opens the URL; the TUI names it, so the
        // user can copy it when no browser is at hand, and never says it
        // opened when no browser was started.
        if let url = outcome.openURL {
            let shown = TerminalText.sanitize(url)
            notify(outcome.urlOpened == true ? "Opened " + shown : "No browser was opened (set BROWSER): " + shown)
        }
    }

    /// True when `action` was the submit of a form on a screen pushed to
    /// be filled in, and it succeeded (no error on the screen).
    func leavesAfterSubmit(_ session: ScreenSession, _ action: String) -> Bool {
        let snapshot = session.screen.snapshot
        guard session.opensToFillIn, top === session, stack.count > 1, let form = snapshot.content.form,
            form.submitAction == action, snapshot.status.kind != .error
        else { return false }
        return true
    }

    func showError(_ error: any Error) {
        let screenError = error as? ScreenError ?? .failed(String(describing: error), code: "internal")
        overlay = .error(title: screenError.kind == .invalidParams ? "Cannot do that" : "Error", message: screenError.message)
        dirty = true
    }

    func notify(_ text: String, style: CellStyle = .notice) {
        localNotice = (text, style, now())
        dirty = true
    }

    /// Tells the user why what they asked for did not happen (a disabled
    /// action's reason, an incomplete form): drawn as a warning, not as news.
    func refuse(_ text: String) {
        notify(text, style: .warning)
    }

    // MARK: Navigation

    func push(_ request: ScreenRequest) async {
        do {
            let screen = try await catalog.open(request)
            stack.append(makeSession(screen, root: false))
        } catch {
            showError(error)
        }
        dirty = true
    }

    /// Leaves the top screen (never the last one). The screen revealed may
    /// be stale (its child renamed or deleted something), so it is reloaded.
    func pop() {
        guard stack.count > 1 else { return goUpFromFirstScreen() }
        stack.removeLast().close()
        overlay = nil
        if let revealed = top { refresh(revealed) }
        dirty = true
    }

    /// Reads a screen that comes back into view again, when it offers
    /// `StandardAction.reload` without required arguments.
    ///
    /// `onlyReading`: coming back to a tab asks for nothing new, so a reload
    /// that changes something (a fetch from a server, which offline could
    /// only fail) is left for the user's own key.
    func refresh(_ session: ScreenSession, onlyReading: Bool = false) {
        guard let reload = session.screen.snapshot.action(StandardAction.reload), reload.enabled,
            !reload.params.contains(where: \.required), !onlyReading || reload.effect == .view
        else { return }
        run(StandardAction.reload, [:], on: session, isFieldSync: true, quiet: true)
    }

    var topLevelScreens: [ScreenDescriptor] { catalog.screens.filter(\.topLevel) }

    /// Shows a top-level screen. Each tab keeps its own navigation stack,
    /// cursor and scroll: the one left is parked, one visited before comes
    /// back as it was. The tab already shown goes back to its first screen.
    func switchTo(screenAt index: Int) {
        let screens = topLevelScreens
        guard screens.indices.contains(index) else { return }
        let target = screens[index]
        if activeTab == index {
            guard stack.count > 1 else { return }
            for session in stack.dropFirst().reversed() { session.close() }
            stack.removeLast(stack.count - 1)
            overlay = nil
            if let root = top { refresh(root) }
            dirty = true
            return
        }
        if let parkedStack = parked.removeValue(forKey: index) {
            park()
            stack = parkedStack
            overlay = parkedOverlays.removeValue(forKey: index)
            if let shown = top { refresh(shown, onlyReading: true) }
            dirty = true
            return
        }
        if target.params.contains(where: \.required) {
            notify("\(target.title) needs parameters; open it from another screen.")
            return
        }
        enqueue { [weak self] in
            guard let self else { return }
            do {
                let screen = try await self.catalog.open(ScreenRequest(screen: target.id))
                self.park()
                self.stack = [self.makeSession(screen, root: true)]
                self.overlay = nil
            } catch {
                self.showError(error)
            }
        }
    }

    /// Puts the shown stack aside under its tab (or closes it when it is
    /// not a tab's, e.g. a home screen that is not top-level).
    private func park() {
        if let tab = activeTab {
            parked[tab] = stack
            parkedOverlays[tab] = Self.keptWithTab(overlay)
        } else {
            for session in stack.reversed() { session.close() }
        }
        stack = []
    }

    /// Index of the top-level screen at the bottom of the stack.
    var activeTab: Int? {
        guard let root = stack.first?.screen.snapshot.screen else { return nil }
        return topLevelScreens.firstIndex { $0.id == root }
    }

    public func quit() {
        running = false
    }

    // MARK: Field sync

    func fieldChanged(_ field: String, in session: ScreenSession) {
        if session.screen.snapshot.content.form?.submitAction != nil { session.unsavedEdits = true }
        let id = ObjectIdentifier(session)
        if !pendingFields.contains(where: { $0.session == id && $0.field == field }) {
            pendingFields.append((id, field))
        }
    }

    /// Sends each changed field once per batch of keys as `StandardAction.setField`.
    func flushFields() {
        let pending = pendingFields
        pendingFields.removeAll()
        cutNoticeShown = false
        for (id, field) in pending {
            guard let session = stack.first(where: { ObjectIdentifier($0) == id }),
                let setField = session.screen.snapshot.action(StandardAction.setField), setField.enabled,
                let value = session.form.editors[field]?.text
            else { continue }
            let arguments: ActionArguments = [StandardParam.field: .string(field), StandardParam.value: .string(value)]
            run(StandardAction.setField, arguments, on: session, isFieldSync: true)
        }
    }

    func textWasCut() {
        guard !cutNoticeShown else { return }
        cutNoticeShown = true
        notify("Text cut at \(FieldEditor.defaultLimit.formatted()) characters.")
    }
}

extension Int {
    /// 1000 → "1,000" without Foundation.
    func formatted() -> String { ListView.grouped(self) }
}
