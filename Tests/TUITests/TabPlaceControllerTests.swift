import ScreenKit
import Testing
@testable import TUIFrontEnd

/// A tab left with a question open (a prompt, a confirmation) has it again
/// when it is shown again; help and the palette are the TUI's own and are not.
@MainActor
@Suite struct TabPlaceControllerTests {
    func controller() async throws -> (TUIController, FakeListScreen) {
        let list = FakeListScreen.songs(20)
        let catalog = FakeCatalog([
            (FakeCatalog.descriptor("songs", "Songs"), { list }),
            (FakeCatalog.descriptor("other", "Other"), {
                let other = FakeListScreen.songs(2)
                other.id = "other"
                return other
            }),
        ])
        let controller = TUIController(catalog: catalog)
        try await controller.start(ScreenRequest(screen: "songs"))
        return (controller, list)
    }

    @Test func aConfirmationWaitsForTheTabToComeBack() async throws {
        let (controller, list) = try await controller()
        controller.handle([.down, .down, .character("x")])
        guard case .confirm = controller.overlay else { Issue.record("no confirmation"); return }
        controller.handle([.alt("2")])
        await controller.settle()
        #expect(controller.path == ["other"])
        #expect(controller.overlay == nil)
        controller.handle([.alt("1")])
        await controller.settle()
        #expect(controller.path == ["songs"])
        guard case .confirm = controller.overlay else { Issue.record("the confirmation is gone"); return }
        #expect(controller.top?.cursor.index == 2)
        controller.handle([.character("y")])
        await controller.settle()
        #expect(list.performed.last?.0 == "remove")
        #expect(list.performed.last?.1.string("item") == "3")
    }

    @Test func aPromptKeepsItsChoiceAcrossATabSwitch() async throws {
        let (controller, _) = try await controller()
        controller.handle([.character("s")])
        guard case .prompt(var before) = controller.overlay else { Issue.record("no prompt"); return }
        controller.handle([.right])
        guard case .prompt(let moved) = controller.overlay else { Issue.record("no prompt"); return }
        before = moved
        controller.handle([.alt("2")])
        await controller.settle()
        controller.handle([.alt("1")])
        await controller.settle()
        guard case .prompt(let after) = controller.overlay else { Issue.record("the prompt is gone"); return }
        #expect(after.action.name == "sort")
        #expect(after.fields.map(\.choice) == before.fields.map(\.choice))
    }

    @Test func helpIsNotBroughtBack() async throws {
        let (controller, _) = try await controller()
        controller.handle([.character("?")])
        guard case .help = controller.overlay else { Issue.record("no help"); return }
        controller.handle([.alt("2")])
        await controller.settle()
        controller.handle([.alt("1")])
        await controller.settle()
        #expect(controller.overlay == nil)
    }
}
