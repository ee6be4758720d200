import ScreenKit
import Testing
@testable import TUIFrontEnd

/// Screen states rendered with the in-memory cell buffer and compared with
/// the files in `Golden/`.
@MainActor
@Suite struct GoldenFrameTests {
    func frame(_ controller: TUIController, _ width: Int, _ height: Int) -> String {
        controller.render(width: width, height: height).buffer.text
    }

    @Test func emptyList() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen(items: []))
        Golden.check("empty-list", frame(controller, 80, 14))
    }

    @Test func loading() async throws {
        let screen = FakeListScreen(items: [])
        screen.status = .loading("Importing /music/big.m3u…")
        let controller = try await FakeCatalog.controller(screen)
        Golden.check("loading", frame(controller, 80, 12))
    }

    @Test func loadedListWithDetailAndBadges() async throws {
        let screen = FakeListScreen.songs(12)
        screen.items[1].badges = ["visited"]
        screen.items[2].badges = ["selected", "visited"]
        screen.detail = DetailContent(rows: [DetailRow("Songs", "12"), DetailRow("Source", "/music/mix.m3u")])
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.down, .down, .character("j")])
        Golden.check("loaded-list", frame(controller, 100, 20))
    }

    @Test func errorDialog() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        screen.status = .error(.failed("Cannot read /music/missing.m3u: no such file.", code: "playlist.unreadable"))
        screen.publish()
        Golden.check("error-dialog", frame(controller, 80, 14))
        controller.handle([.enter])
        #expect(!frame(controller, 80, 14).contains("┌"))
    }

    @Test func helpOverlay() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.character("?")])
        Golden.check("help-overlay", frame(controller, 80, 30))
    }

    @Test func terminalTooSmall() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        Golden.check("too-small", frame(controller, 30, 8))
    }

    @Test func narrowTerminalTruncates() async throws {
        let screen = FakeListScreen(items: [
            FakeListScreen.song(1, "A very long song title that cannot possibly fit", artist: "Someone with a long name"),
            FakeListScreen.song(2, "Short"),
        ])
        let controller = try await FakeCatalog.controller(screen)
        Golden.check("narrow", frame(controller, 40, 10))
    }

    @Test func wideCharacters() async throws {
        let screen = FakeListScreen(items: [
            FakeListScreen.song(1, "東京の夜景と音楽の物語を聴く長い題名", artist: "坂本龍一"),
            FakeListScreen.song(2, "Café del Mar (e\u{301}dition)", artist: "Ünïcödé"),
            FakeListScreen.song(3, "🎵🎶 Party 🎉", artist: "DJ 🐱"),
            FakeListScreen.song(4, "Evil\u{1B}[31mRed\u{1B}[0m", artist: "tab\there"),
        ])
        let controller = try await FakeCatalog.controller(screen)
        Golden.check("wide-characters", frame(controller, 60, 12))
    }

    @Test func formWithValidationAndSecret() async throws {
        let controller = try await FakeCatalog.controller(FakeFormScreen(), id: "login", title: "Sign in")
        controller.handle([.enter] + "ann lee".map { KeyEvent.character($0) } + [.tab] + "hunter2".map { KeyEvent.character($0) })
        await controller.settle()
        Golden.check("form", frame(controller, 70, 14))
    }

    @Test func promptFromSchema() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.character("s")])
        Golden.check("prompt-sort", frame(controller, 80, 14))
    }

    @Test func confirmationForDestructiveAction() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.down, .character("x")])
        Golden.check("confirm-remove", frame(controller, 80, 14))
    }

    @Test func millionRowWindowShowsPosition() async throws {
        let screen = FakeListScreen(items: (500_001...500_050).map { FakeListScreen.song($0) })
        screen.offset = 500_000
        screen.total = 1_000_000
        screen.hasMore = true
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.down, .down])
        Golden.check("million-window", frame(controller, 60, 14))
    }

    @Test func asciiFallback() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(30))
        controller.glyphs = .ascii
        controller.handle([.character("?")])
        Golden.check("ascii-help", frame(controller, 60, 16))
    }
}

/// What golden text cannot show: the style roles cells get.
@MainActor
@Suite struct FrameStyleTests {
    @Test func badgesCursorAndBarsHaveTheirOwnStyles() async throws {
        let screen = FakeListScreen.songs(3)
        screen.items[0].badges = ["visited"]
        let controller = try await FakeCatalog.controller(screen)
        let buffer = controller.render(width: 80, height: 14).buffer
        let rows = (0..<buffer.height).map { buffer.rowText($0) }
        let row = try #require(rows.firstIndex { $0.contains("[visited]") })
        let badgeX = try #require(rows[row].range(of: "[visited]").map { rows[row].distance(from: rows[row].startIndex, to: $0.lowerBound) })
        #expect(buffer[badgeX, row].style == .badge)
        #expect(buffer[2, row].style == .cursor)  // the first row has the cursor
        #expect(buffer[2, row + 1].style == .normal)
        #expect(buffer[0, 0].style == .tabBar)
        #expect(buffer[0, buffer.height - 1].style == .tabBar)
    }

    @Test func theCaretSitsInTheFocusedField() async throws {
        let controller = try await FakeCatalog.controller(FakeFormScreen(), id: "login", title: "Sign in")
        controller.handle([.enter] + "ab".map { KeyEvent.character($0) } + [.left])
        await controller.settle()
        let frame = controller.render(width: 70, height: 14)
        let caret = try #require(frame.caret)
        #expect(frame.buffer.rowText(caret.y).contains("ab"))
        #expect(frame.buffer[caret.x, caret.y].character == "b")
    }
}

@MainActor
@Suite struct HelpScrollTests {
    @Test func tallHelpScrollsInASmallTerminal() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.character("?")])
        let top = controller.render(width: 60, height: 16).buffer.text
        #expect(top.contains("This screen"))
        #expect(!top.contains("In forms"))
        controller.handle(Array(repeating: KeyEvent.character("j"), count: 40))
        let bottom = controller.render(width: 60, height: 16).buffer.text
        #expect(bottom.contains("In forms"))
        #expect(!bottom.contains("This screen"))
        controller.handle([.character("k")])  // clamped: one step up from the end moves at once
        #expect(controller.render(width: 60, height: 16).buffer.text != bottom)
    }
}
