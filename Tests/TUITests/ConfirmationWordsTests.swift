import ScreenKit
import Testing
@testable import TUIFrontEnd

/// The TUI's question comes from the action's effect: the placeholder it
/// shows at once and the screen's own words that replace it both end with
/// what the effect says of undoing it, never with words the TUI adds.
@MainActor
@Suite struct ConfirmationWordsTests {
    func dialog(_ effect: ActionEffect) async throws -> (placeholder: String, question: String, screen: FakeListScreen, TUIController) {
        let screen = FakeListScreen.songs(3)
        screen.removeEffect = effect
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("x")])
        let placeholder = controller.render(width: 100, height: 24).buffer.text
        await controller.settle()
        let question = controller.render(width: 100, height: 24).buffer.text
        return (placeholder, question, screen, controller)
    }

    @Test func aRemovalSaysUndoBringsItBackAndNeverThatItCannotBeUndone() async throws {
        let shown = try await dialog(.removes)
        for text in [shown.placeholder, shown.question] {
            #expect(text.contains(#"Remove "Song 1"? `u` undoes it."#), "\(text)")
            #expect(!text.contains("cannot be undone"), "\(text)")
        }
        shown.3.handle([.character("y")])
        await shown.3.settle()
        #expect(shown.screen.performed.map(\.0) == ["remove"])
    }

    @Test func aDestructionSaysItCannotBeUndone() async throws {
        let shown = try await dialog(.destroys)
        for text in [shown.placeholder, shown.question] {
            #expect(text.contains(#"Remove "Song 1"? This cannot be undone."#), "\(text)")
        }
    }

    @Test func aChangeRunsWithoutAsking() async throws {
        let shown = try await dialog(.changes)
        #expect(!shown.question.contains("Remove \"Song 1\"?"))
        #expect(shown.screen.performed.map(\.0) == ["remove"])
    }
}
