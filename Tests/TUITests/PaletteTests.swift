import ScreenKit
import Testing
@testable import TUIFrontEnd

/// The command palette lists every action of the screen and every
/// top-level screen, fuzzy-matched, so nothing needs memorising.
@MainActor
@Suite struct PaletteTests {
    @Test func fuzzyMatchingPrefersCloseAndEarlyLetters() {
        #expect(Palette.score("rm", "remove") != nil)
        #expect(Palette.score("xz", "remove") == nil)
        let tight = Palette.score("sort", "sort")!
        let loose = Palette.score("sort", "show other rows t")!
        #expect(tight < loose)
    }

    @Test func typingNarrowsAndEnterRunsTheAction() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character(":")])
        var text = controller.render(width: 80, height: 24).buffer.text
        #expect(text.contains("Commands"))
        #expect(text.contains("Go to Other"))
        #expect(text.contains("not now: Already at the top folder"))
        controller.handle("rmv".map { KeyEvent.character($0) })
        let frame = controller.render(width: 80, height: 24)
        Golden.check("palette", frame.buffer.text)
        #expect(frame.caret != nil)
        controller.handle([.enter])  // Remove: destructive, so it asks first
        text = controller.render(width: 80, height: 24).buffer.text
        #expect(text.contains("This cannot be undone."))
        controller.handle([.character("y")])
        await controller.settle()
        #expect(screen.performed.map(\.0) == ["remove"])
    }

    @Test func aScreenEntrySwitchesTabsAndEscCloses() async throws {
        let controller = try await FakeCatalog.controller(FakeListScreen.songs(3))
        controller.handle([.ctrl("p"), .escape])
        #expect(!controller.render(width: 80, height: 24).buffer.text.contains("Commands"))
        controller.handle([.ctrl("p")] + "other".map { KeyEvent.character($0) } + [.enter])
        await controller.settle()
        #expect(controller.path == ["other"])
    }
}
