import ScreenKit
import Testing
@testable import TUIFrontEnd

/// A list whose rename suggests the current name and whose move answers
/// with the moved row as the focus, as the playlist screen does.
@MainActor
final class RenamingList: ScreenModel {
    var name = "Road trip"
    var items = (1...30).map { FakeListScreen.song($0) }
    var status: ScreenStatus = .idle

    static let rename = ActionDescriptor(
        name: "rename", label: "Rename", summary: "Rename the list.", effect: .changes, key: "R",
        params: [ParamDescriptor(name: "name", label: "New name", positional: true)])
    static let move = ActionDescriptor(
        name: "move", label: "Move", summary: "Move a row.", effect: .changes, key: "M",
        params: [
            ParamDescriptor(name: StandardParam.item, label: "Row", kind: .item),
            ParamDescriptor(name: "to", label: "New position", kind: .int, minimum: 1),
        ])

    override var snapshot: ScreenSnapshot {
        var rename = Self.rename
        rename.params[0].suggestion = name
        return ScreenSnapshot(
            screen: "songs", title: name, status: status,
            content: ScreenContent(list: ListContent(items: items, offset: 0, total: items.count, columns: FakeListScreen.columns)),
            actions: [rename, Self.move])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "rename":
            name = arguments.string("name") ?? name
        case "move":
            guard let id = arguments.string(StandardParam.item), let from = items.firstIndex(where: { $0.id == id }),
                let to = arguments.int("to")
            else { throw .invalidParams("no such row") }
            let row = items.remove(at: from)
            items.insert(row, at: min(items.count, to - 1))
            status = .notice("Moved “\(row.title)” to \(to).")
            publish()
            return ActionOutcome(focus: id)
        default:
            return try await super.perform(action, arguments)
        }
        publish()
        return .done
    }
}

@MainActor
@Suite struct TUI2ControllerTests {
    func typing(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    /// Rename's prompt starts with the suggested current name,
    /// selected, so typing replaces it.
    @Test func aSuggestedValueStartsThePromptSelected() async throws {
        let screen = RenamingList()
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character("R")])
        let frame = controller.render(width: 70, height: 14)
        Golden.check("prefilled-prompt", frame.buffer.text)
        let row = try #require((0..<frame.buffer.height).first { frame.buffer.rowText($0).contains("New name  Road trip") })
        let text = frame.buffer.rowText(row)
        let x = text.distance(from: text.startIndex, to: try #require(text.range(of: "Road trip")).lowerBound)
        #expect(frame.buffer[x, row].style == .selection)
        controller.handle(typing("Night drive") + [.enter])
        await controller.settle()
        #expect(screen.name == "Night drive")
    }

    /// After a move the cursor follows the row to its new place
    /// (the outcome's focus), and the row is drawn under the cursor.
    @Test func theCursorFollowsAMovedRow() async throws {
        let screen = RenamingList()
        let controller = try await FakeCatalog.controller(screen)
        _ = controller.render(width: 70, height: 14)
        controller.handle([.character("G")])
        #expect(controller.top?.cursor.index == 29)
        controller.handle([.character("M")] + typing("1") + [.enter])
        await controller.settle()
        #expect(controller.top?.cursor.index == 0)
        let text = controller.render(width: 70, height: 14).buffer.text
        #expect(text.components(separatedBy: "\n").contains { $0.hasPrefix("› Song 30") }, "\(text)")
        #expect(text.contains("Moved “Song 30” to 1."))
    }

    /// A form opened to be filled in goes back once submitted,
    /// with the screen's notice; work that goes on keeps it open.
    @Test func aFilledInFormLeavesOnceDoneButNotWhileWorking() async throws {
        for pending in [false, true] {
            let list = FakeListScreen.songs(2)
            let form = FakeFormScreen()
            if pending { form.submitOutcome = .started }
            list.child = ScreenRequest(screen: "login")
            let catalog = FakeCatalog([
                (FakeCatalog.descriptor("songs", "Songs"), { list }),
                (FakeCatalog.descriptor("login", "Sign in", topLevel: false), { form }),
            ])
            let frozen = ContinuousClock.now
            let controller = TUIController(catalog: catalog, now: { frozen })
            try await controller.start(ScreenRequest(screen: "songs"))
            controller.handle([.enter])
            await controller.settle()
            controller.handle(typing("ann") + [.tab] + typing("pw"))
            await controller.settle()
            controller.handle([.enter])
            await controller.settle()
            #expect(form.submitted == 1)
            #expect(controller.path == (pending ? ["songs", "login"] : ["songs"]))
            #expect(controller.render(width: 70, height: 14).buffer.text.contains("Signed in as ann."))
        }
    }

    /// Alt+digit switches tabs while a field is edited, and
    /// nothing is typed; Alt+b/Alt+f move the caret by words.
    @Test func altChordsWorkInsideAField() async throws {
        let form = FakeFormScreen()
        let controller = try await FakeCatalog.controller(form, id: "login", title: "Sign in")
        controller.handle([.enter] + typing("ann lee"))
        await controller.settle()
        controller.handle([.alt("b"), .character("x")])
        await controller.settle()
        #expect(form.user == "ann xlee")
        controller.handle([.alt("2")])
        await controller.settle()
        #expect(controller.path == ["other"])
        #expect(form.user == "ann xlee")
    }
}
