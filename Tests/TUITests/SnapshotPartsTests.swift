import ScreenKit
import Testing
@testable import TUIFrontEnd

/// Every part of a snapshot reaches the screen (form, detail, list and
/// status together), and what the contract states — disabled reasons,
/// warnings, URLs to open — is shown.
@MainActor
@Suite struct SnapshotPartsTests {
    func text(_ controller: TUIController, _ width: Int = 70, _ height: Int = 20) -> String {
        controller.render(width: width, height: height).buffer.text
    }

    /// A form with a detail under it: the login screen after signing in,
    /// whose token is shown once and must be readable whole (it wraps).
    @Test func aFormAndItsDetailAreBothDrawn() async throws {
        let form = FakeFormScreen()
        let token = "facet_" + String(repeating: "0123456789abcdef", count: 4)
        form.detailAfterSubmit = DetailContent(rows: [
            DetailRow("Signed in as", "ann"),
            DetailRow("Session token (shown once)", token),
        ])
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.enter] + "ann".map { KeyEvent.character($0) } + [.tab] + "pw".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        let frame = text(controller)
        Golden.check("form-and-detail", frame)
        #expect(frame.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "").contains(token))
        #expect(frame.contains("User name"))
    }

    @Test func formDetailAndListShareTheScreen() {
        let parts = ContentLayout(form: 4, detail: 3, list: true, available: 20)
        #expect(parts.form == 4 && parts.detail == 3)
        // Short of room: the detail keeps a share, the list its header and rows.
        let tight = ContentLayout(form: 8, detail: 6, list: true, available: 12)
        #expect(tight.detail >= 1)
        #expect(tight.form + tight.detail + 2 + ContentLayout.minimumListRows <= 12)
        let noList = ContentLayout(form: 3, detail: 5, list: false, available: 20)
        #expect(noList.form == 3 && noList.detail == 5)
    }

    @Test func aDisabledActionSaysWhyWhenItsKeyIsPressed() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("u")])
        await controller.settle()
        let buffer = controller.render(width: 80, height: 14).buffer
        let row = buffer.height - 2
        #expect(buffer.rowText(row).contains("Already at the top folder"))
        #expect(buffer[1, row].style == .warning)
        #expect(!screen.performed.contains { $0.0 == StandardAction.up })
        // Help lists it with the reason.
        controller.handle([.character("?")])
        #expect(text(controller, 100, 30).contains("(not now: Already at the top folder)"))
    }

    @Test func anIncompleteFormSaysWhatIsMissing() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        #expect(text(controller).contains("(Sign in needs a user name)"))
        controller.handle([.enter] + "ann".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        let frame = text(controller)
        #expect(form.submitted == 0)
        #expect(frame.components(separatedBy: "\n").dropLast().last?.contains("Sign in needs a password") == true)
    }

    @Test func warningsNoticesAndErrorsLookDifferent() async throws {
        let screen = FakeListScreen.songs(2)
        screen.status = ScreenStatus(kind: .warning, message: "Scanned 40 folders; 2 could not be read.")
        let controller = try await FakeCatalog.controller(screen)
        func statusCell() -> (String, CellStyle) {
            let buffer = controller.render(width: 80, height: 14).buffer
            return (buffer.rowText(buffer.height - 2), buffer[1, buffer.height - 2].style)
        }
        var (line, style) = statusCell()
        #expect(line.contains("! Scanned 40 folders; 2 could not be read."))
        #expect(style == .warning)
        screen.status = .notice("Saved.")
        screen.publish()
        (line, style) = statusCell()
        #expect(line.contains("Saved.") && !line.contains("!"))
        #expect(style == .notice)
        screen.status = .error(.failed("The disk is full.", code: "disk_full"))
        screen.publish()
        controller.handle([.escape])  // close the dialog the error raises
        (line, style) = statusCell()
        #expect(line.contains("The disk is full."))
        #expect(style == .error)
    }

    /// A screen that opens in an error state (Settings while
    /// signed out) says so in the status line, no dialog in the way.
    @Test func anErrorAScreenOpensWithIsShownInTheStatusLine() async throws {
        let screen = FakeListScreen.songs(1)
        screen.status = .error(.notFound("Nobody is signed in: sign in on the login screen.", code: "settings.not_signed_in"))
        let controller = try await FakeCatalog.controller(screen)
        let buffer = controller.render(width: 80, height: 14).buffer
        #expect(!buffer.text.contains("┌"))
        #expect(buffer.rowText(buffer.height - 2).contains("Nobody is signed in"))
        #expect(buffer[1, buffer.height - 2].style == .error)
        // A later error is news: it opens a dialog.
        screen.status = .error(.failed("The disk is full.", code: "disk_full"))
        screen.publish()
        #expect(controller.render(width: 80, height: 14).buffer.text.contains("┌─ Error"))
    }

    @Test func aRefusedFormSubmitQuotesTheFieldsProblem() async throws {
        let form = FakeFormScreen()
        form.noReasons = true
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.enter] + "a b".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        let lines = controller.render(width: 70, height: 14).buffer.text.components(separatedBy: "\n")
        #expect(lines.dropLast().last?.contains("No spaces, please.") == true)
    }

    @Test func anActionThatOpensAURLNamesIt() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.down, .character("w")])
        await controller.settle()
        #expect(screen.performed.last?.0 == StandardAction.openURL)
        // The fake starts no browser: the TUI names the URL and never says it opened.
        let shown = text(controller, 80, 14)
        #expect(shown.contains("No browser was opened (set BROWSER): https://example.com/songs/2"), "\(shown)")
        #expect(!shown.contains("Opening") && !shown.contains("Opened"))
    }

    @Test func busyComesFromTheScreenContract() async throws {
        let screen = BusyScreen()
        let controller = try await FakeCatalog.controller(screen)
        #expect(controller.isBusy)
        screen.busy = false
        #expect(!controller.isBusy)
    }
}

/// A screen that is not a `ScreenModel`: the TUI must learn that it is busy
/// from `Screen.isBusy` alone.
@MainActor
final class BusyScreen: Screen {
    var busy = true
    let changes = ScreenChanges()
    var snapshot: ScreenSnapshot {
        ScreenSnapshot(screen: "songs", title: "Busy", content: ScreenContent(), actions: [])
    }
    func start() async {}
    func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome { .done }
    var isBusy: Bool { busy }
    func settle() async {}
    func close() {}
}
