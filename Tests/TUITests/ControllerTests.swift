import ScreenKit
import Testing
@testable import TUIFrontEnd

/// The controller driven by keys against fake screens: what it sends to the
/// screen and where it navigates.
@MainActor
@Suite struct ControllerTests {
    @Test func enterRunsTheEnterActionWithTheCursorItemAndNavigates() async throws {
        let list = FakeListScreen.songs(5)
        let detail = FakeListScreen.songs(2)
        detail.id = "detail"
        detail.title = "Detail"
        list.child = ScreenRequest(screen: "detail")
        let catalog = FakeCatalog([
            (FakeCatalog.descriptor("songs", "Songs"), { list }),
            (FakeCatalog.descriptor("detail", "Detail", topLevel: false), { detail }),
        ])
        let controller = TUIController(catalog: catalog)
        try await controller.start(ScreenRequest(screen: "songs"))
        controller.handle([.down, .down, .enter])
        await controller.settle()
        #expect(list.performed.last?.0 == "open")
        #expect(list.performed.last?.1.string("item") == "3")
        #expect(controller.path == ["songs", "detail"])
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("Songs › Detail"))
        controller.handle([.escape])
        await controller.settle()
        #expect(controller.path == ["songs"])
        controller.handle([.escape])  // never pops the last screen
        #expect(controller.path == ["songs"])
    }

    @Test func filterPromptSendsTheTypedText() async throws {
        let screen = FakeListScreen.songs(12)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("/")] + "1".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        #expect(screen.performed.last?.0 == "filter")
        #expect(screen.performed.last?.1.string("text") == "1")
        #expect(controller.snapshot?.content.list?.items.count == 4)  // 1, 10, 11, 12
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("filter: 1"))
    }

    @Test func sortPromptPicksAChoice() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("s"), .right, .enter])
        await controller.settle()
        #expect(screen.performed.last?.1.string("by") == "artist")
    }

    @Test func destructiveActionsAskFirst() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("x"), .character("n")])
        await controller.settle()
        #expect(screen.performed.isEmpty)
        controller.handle([.character("x"), .character("y")])
        await controller.settle()
        #expect(screen.performed.map(\.0) == ["remove"])
        #expect(screen.items.count == 2)
    }

    @Test func aThrownErrorBecomesADialog() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.character("F")])
        await controller.settle()
        let text = controller.render(width: 80, height: 20).buffer.text
        #expect(text.contains("The disk is full."))
        controller.handle([.escape])
        #expect(!controller.render(width: 80, height: 20).buffer.text.contains("The disk is full."))
        #expect(controller.running)
    }

    @Test func reachingTheEndOfTheWindowLoadsMore() async throws {
        let screen = FakeListScreen.songs(5)
        screen.total = 12
        screen.hasMore = true
        let controller = try await FakeCatalog.controller(screen)
        controller.handle(Array(repeating: KeyEvent.down, count: 4))
        await controller.settle()
        #expect(screen.loadMoreCalls == 1)
        #expect(screen.items.count == 10)
    }

    /// End goes to the last row of the whole list, loading what
    /// is needed, in one press.
    @Test func endReachesTheEndOfTheWholeList() async throws {
        let screen = FakeListScreen.songs(5)
        screen.total = 12
        screen.hasMore = true
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("G")])
        await controller.settle()
        #expect(screen.loadMoreCalls == 2)
        #expect(!screen.hasMore)
        #expect(controller.top?.cursor.index == screen.items.count - 1)
        controller.handle([.character("G")])
        await controller.settle()
        #expect(screen.loadMoreCalls == 2)
    }

    @Test func formEditsAreSentWithSetFieldAndSubmitWaitsForEnabled() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.enter, .enter])  // edit, then submit: incomplete, so not submitted
        await controller.settle()
        #expect(form.submitted == 0)
        controller.handle("ann".map { KeyEvent.character($0) } + [.tab] + "pw".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        #expect(form.setFieldCalls == ["user": "ann", "password": "pw"])
        #expect(form.submitted == 1)
        // Typed letters go into the field, not to commands such as q.
        controller.handle([.backTab, .character("q")])
        await controller.settle()
        #expect(controller.running)
        #expect(form.user == "annq")
        controller.handle([.ctrl("u")])
        await controller.settle()
        #expect(form.user == "")
    }

    @Test func aHugePasteIsCappedWithAMessage() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.enter])
        controller.handle(Array(repeating: KeyEvent.character("a"), count: 10_000))
        await controller.settle()
        #expect(form.user.count == FieldEditor.defaultLimit)
        #expect(form.setFieldCalls.count == 1)  // one set-field per batch, not per key
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("Text cut at 1,000 characters."))
    }

    @Test func quitAsksWhileWorking() async throws {
        let screen = FakeListScreen.songs(3)
        screen.status = .loading("Importing…")
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("q")])
        #expect(controller.running)
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("Quit anyway?"))
        controller.handle([.character("y")])
        #expect(!controller.running)
    }

    @Test func digitsSwitchTopLevelScreens() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.character("2")])
        await controller.settle()
        #expect(controller.path == ["other"])
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("Nothing here yet."))
        controller.handle([.tab])
        await controller.settle()
        #expect(controller.path == ["songs"])
    }

    @Test func changesWhileIdleMarkTheFrameDirty() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        _ = controller.render(width: 80, height: 20)
        #expect(!controller.dirty)
        screen.items.append(FakeListScreen.song(99, "Arrived in the background"))
        screen.publish()
        #expect(controller.dirty)
        #expect(controller.render(width: 80, height: 20).buffer.text.contains("Arrived in the background"))
    }

    @Test func mouseClickSelectsAndWheelScrolls() async throws {
        let screen = FakeListScreen.songs(30)
        let controller = try await FakeCatalog.controller(screen)
        _ = controller.render(width: 80, height: 20)
        let rows = try #require(controller.layout.listRows)
        controller.handle([.mouse(MouseEvent(.click, x: 5, y: rows.y + 3))])
        #expect(controller.top?.cursor.index == 3)
        controller.handle([.mouse(MouseEvent(.wheelDown, x: 5, y: rows.y))])
        #expect(controller.top?.cursor.index == 6)
    }
}

@MainActor
@Suite struct FormNavigationTests {
    /// On a tab's form, digits and `q` switch and quit unless a
    /// field is being edited; Enter starts editing, Esc stops.
    @Test func digitsSwitchTabsUnlessAFieldIsBeingEdited() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        let browsing = controller.render(width: 70, height: 14)
        #expect(browsing.caret == nil)
        #expect(browsing.buffer.text.contains("› User name"))  // the field Enter edits
        #expect(browsing.buffer.text.contains("enter Edit"))
        controller.handle([.enter, .character("2")])  // editing: typed
        await controller.settle()
        #expect(form.user == "2")
        #expect(controller.render(width: 70, height: 14).caret != nil)
        controller.handle([.escape, .character("2")])  // left the field: 2 switches
        await controller.settle()
        #expect(controller.path == ["other"])
    }

    /// A form opened to be filled in (rename) starts with its
    /// value selected, so typing replaces it.
    @Test func aPrefilledChildFormIsReplacedByTyping() async throws {
        let list = FakeListScreen.songs(2)
        let form = FakeFormScreen()
        form.user = "Bohemian"
        list.child = ScreenRequest(screen: "login")
        let catalog = FakeCatalog([
            (FakeCatalog.descriptor("songs", "Songs"), { list }),
            (FakeCatalog.descriptor("login", "Rename", topLevel: false), { form }),
        ])
        let frozen = ContinuousClock.now
        let controller = TUIController(catalog: catalog, now: { frozen })
        try await controller.start(ScreenRequest(screen: "songs"))
        controller.handle([.enter])
        await controller.settle()
        let frame = controller.render(width: 70, height: 14)
        Golden.check("prefilled-form", frame.buffer.text)
        let row = try #require((0..<frame.buffer.height).first { frame.buffer.rowText($0).contains("Bohemian") })
        let x = try #require(frame.buffer.rowText(row).range(of: "Bohemian").map { frame.buffer.rowText(row).distance(from: frame.buffer.rowText(row).startIndex, to: $0.lowerBound) })
        #expect(frame.buffer[x, row].style == .selection)
        controller.handle("Track".map { KeyEvent.character($0) })
        await controller.settle()
        #expect(form.user == "Track")
    }

    @Test func aChildScreensFormTakesKeysAtOnce() async throws {
        let list = FakeListScreen.songs(2)
        let form = FakeFormScreen()
        list.child = ScreenRequest(screen: "login")
        let catalog = FakeCatalog([
            (FakeCatalog.descriptor("songs", "Songs"), { list }),
            (FakeCatalog.descriptor("login", "Sign in", topLevel: false), { form }),
        ])
        let controller = TUIController(catalog: catalog)
        try await controller.start(ScreenRequest(screen: "songs"))
        controller.handle([.enter])
        await controller.settle()
        controller.handle([.character("2")])
        await controller.settle()
        #expect(controller.path == ["songs", "login"])
        #expect(form.user == "2")
    }

    @Test func enterReturnsToTheForm() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.escape, .enter, .character("a")])
        await controller.settle()
        #expect(form.user == "a")
    }
}
