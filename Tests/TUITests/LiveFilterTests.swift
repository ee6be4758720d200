import ScreenKit
import Testing
@testable import TUIFrontEnd

/// `/` filters as you type (debounced, through the screen's
/// filter action); Enter keeps the result, Esc puts back the old filter.
@MainActor
@Suite struct LiveFilterTests {
    /// A clock the test moves by hand.
    final class Clock {
        var now = ContinuousClock.now
    }

    func controller(_ screen: FakeListScreen, _ clock: Clock) async throws -> TUIController {
        let catalog = FakeCatalog([(FakeCatalog.descriptor("songs", "Songs"), { screen })])
        let controller = TUIController(catalog: catalog, now: { clock.now })
        try await controller.start(ScreenRequest(screen: "songs"))
        return controller
    }

    @Test func typingFiltersOnceTypingPauses() async throws {
        let screen = FakeListScreen.songs(12)
        let clock = Clock()
        let controller = try await controller(screen, clock)
        controller.handle([.character("/"), .character("1")])
        controller.tick()
        await controller.settle()
        #expect(screen.performed.isEmpty)  // still typing
        controller.handle([.character("1")])
        clock.now += .milliseconds(200)
        controller.tick()
        await controller.settle()
        #expect(screen.performed.map(\.0) == [StandardAction.filter])
        #expect(screen.performed.last?.1.string(StandardParam.text) == "11")
        let frame = controller.render(width: 80, height: 12)
        Golden.check("live-filter", frame.buffer.text)
        #expect(frame.caret?.y == 10)
        // Enter keeps it: nothing more is sent, the bar closes.
        controller.handle([.enter])
        await controller.settle()
        #expect(screen.performed.count == 1)
        #expect(!controller.render(width: 80, height: 12).buffer.text.contains("Keep filter"))
    }

    @Test func escapePutsBackTheFilterThereWas() async throws {
        let screen = FakeListScreen.songs(12)
        let clock = Clock()
        let controller = try await controller(screen, clock)
        controller.handle([.character("/")] + "Song 2".map { KeyEvent.character($0) })
        clock.now += .milliseconds(200)
        controller.tick()
        await controller.settle()
        #expect(screen.filter == "Song 2")
        controller.handle([.escape])
        await controller.settle()
        #expect(screen.filter == "")
        #expect(controller.running)
    }

    @Test func theBarStartsWithTheFilterInForceSelected() async throws {
        let screen = FakeListScreen.songs(12)
        screen.filter = "Song"
        let clock = Clock()
        let controller = try await controller(screen, clock)
        controller.handle([.character("/"), .character("9"), .enter])
        await controller.settle()
        #expect(screen.filter == "9")  // typing replaced the old filter
    }
}
