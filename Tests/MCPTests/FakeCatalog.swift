import ScreenKit

/// A catalog that is not Facet's: screens the MCP front end has never seen,
/// to show that tools come from whatever is registered.
@MainActor
final class FakeCatalog: ScreenCatalog {
    var screens: [ScreenDescriptor]
    var opened: [FakeScreen] = []

    init(_ screens: [ScreenDescriptor]) { self.screens = screens }

    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        guard let descriptor = descriptor(request.screen) else { throw .notFound("no screen \(request.screen)") }
        let screen = FakeScreen(descriptor, params: request.params)
        opened.append(screen)
        return screen
    }
}

/// A screen with a list of notes: `add` adds one, `clear` (destructive)
/// removes all, `filter` narrows; `fail` always fails; `go` navigates.
@MainActor
final class FakeScreen: ScreenModel {
    let descriptor: ScreenDescriptor
    var notes: [String]
    var filter = ""

    init(_ descriptor: ScreenDescriptor, params: ActionArguments) {
        self.descriptor = descriptor
        notes = params.string("first").map { [$0] } ?? []
    }

    static let add = ActionDescriptor(
        name: "add", label: "Add", summary: "Add a note.",
        effect: .adds, params: [ParamDescriptor(name: "text", label: "Text"), ParamDescriptor(name: "times", label: "Times", kind: .int, required: false, minimum: 1)])
    static let clear = ActionDescriptor(name: "clear", label: "Clear", summary: "Remove every note.", effect: .destroys)
    static let filter = ActionDescriptor(
        name: StandardAction.filter, label: "Filter", summary: "Show matching notes.",
        effect: .view, params: [ParamDescriptor(name: StandardParam.text, label: "Text")])
    static let fail = ActionDescriptor(name: "fail", label: "Fail", summary: "Always fails.", effect: .changes)
    static let go = ActionDescriptor(name: "go", label: "Go", summary: "Open the other screen.", effect: .changes)
    /// Fails the way background work does: by setting an error status.
    static let spoil = ActionDescriptor(name: "spoil", label: "Spoil", summary: "Set an error status.", effect: .changes)
    var status: ScreenStatus = .idle

    static func notes(id: String = "notes", params: [ParamDescriptor] = []) -> ScreenDescriptor {
        ScreenDescriptor(
            id: id, title: "Notes", summary: "Notes kept in memory.", params: params,
            actions: [add, clear, filter, fail, go, spoil],
            columns: [ListColumn("text", "Text", type: .text)])
    }

    override var snapshot: ScreenSnapshot {
        let shown = notes.filter { filter.isEmpty || $0.contains(filter) }
        return ScreenSnapshot(
            screen: descriptor.id, title: "Notes", status: status,
            content: ScreenContent(list: ListContent(
                items: shown.enumerated().map { ListItem(id: String($0.offset), title: $0.element, values: ["text": .string($0.element)]) },
                offset: 0, total: shown.count, hasMore: false, loadingMore: false,
                columns: descriptor.columns, emptyMessage: "No notes.")),
            actions: [Self.add, Self.clear.disabled(because: notes.isEmpty ? "There is nothing to clear." : nil), Self.filter, Self.fail, Self.go, Self.spoil])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "add":
            for _ in 0..<(arguments.int("times") ?? 1) { notes.append(try arguments.require("text")) }
        case "clear": notes = []
        case StandardAction.filter: filter = arguments.string(StandardParam.text) ?? ""
        case "fail": throw .failed("The disk is full.", code: "disk_full")
        case "go": return ActionOutcome(navigate: ScreenRequest(screen: "other"))
        case "spoil": status = .error(.failed("The file is gone.", code: "gone"))
        default: break
        }
        publish()
        return .done
    }
}
