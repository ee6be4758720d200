import ScreenKit
import Testing
@testable import TUIFrontEnd

/// A list whose `drop` action takes several rows: the TUI knows nothing of
/// it but the contract (`ParamDescriptor.several`).
@MainActor
final class MarkableFakeScreen: ScreenModel {
    var items = (1...6).map { number in
        var item = ListItem(id: String(number), title: "Row \(number)")
        item.set("title", .string("Row \(number)"))
        return item
    }
    var performed: [(String, ActionArguments)] = []

    static let dropAction = ActionDescriptor(
        name: "drop", label: "Drop", summary: "Drop rows.", effect: .changes, key: "x",
        params: [ParamDescriptor(name: "item", label: "Rows", kind: .item).acceptingSeveral()])

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "songs", title: "Songs", status: .idle,
            content: ScreenContent(list: ListContent(
                items: items, offset: 0, total: items.count, hasMore: false, loadingMore: false,
                columns: [ListColumn("title", "Title")], emptyMessage: "Nothing.")),
            actions: [Self.dropAction])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        performed.append((action, arguments))
        let dropped = Set(arguments.items("item"))
        items.removeAll { dropped.contains($0.id) }
        publish()
        return .done
    }
}

@MainActor
@Suite struct MarkedRowsTests {
    @Test func spaceMarksRowsAndTheActionGetsThemAll() async throws {
        let screen = MarkableFakeScreen()
        let controller = try await FakeCatalog.controller(screen)
        // Mark row 1 (the cursor then steps to row 2), skip it, mark row 3.
        controller.handle([.character(" "), .down, .character(" ")])
        await controller.settle()
        let marked = controller.render(width: 60, height: 16).buffer.text.split(separator: "\n").filter { $0.contains("*") }
        #expect(marked.count == 2 && marked[0].contains("Row 1") && marked[1].contains("Row 3"), "\(marked)")
        controller.handle([.character("x")])
        await controller.settle()
        #expect(screen.performed.last?.1.string("item") == "1,3")
        #expect(screen.items.map(\.id) == ["2", "4", "5", "6"])
        // Marks are used once: the next action takes the cursor's row.
        controller.handle([.character("x")])
        await controller.settle()
        #expect(screen.performed.last?.1.items("item").count == 1)
    }

    @Test func spaceUnmarksAMarkedRow() async throws {
        let screen = MarkableFakeScreen()
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character(" "), .up, .character(" "), .up, .character("x")])
        await controller.settle()
        #expect(screen.performed.last?.1.string("item") == "1")
    }

    @Test func whereNothingCanBeMarkedSpaceStillPagesDown() async throws {
        let screen = FakeListScreen.songs(60)
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character(" "), .character("x"), .character("y")])
        await controller.settle()
        #expect(screen.performed.last?.0 == "remove")
        #expect(screen.performed.last?.1.string("item") != "1")
    }
}
