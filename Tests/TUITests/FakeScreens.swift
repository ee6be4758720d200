@testable import TUIFrontEnd
import ScreenKit

/// Small screens built on ScreenKit's `ScreenModel`, standing in for real
/// features: the TUI must draw and drive them with no code of their own.
@MainActor
final class FakeListScreen: ScreenModel {
    var id = "songs"
    var title = "Songs"
    var status: ScreenStatus = .idle
    var items: [ListItem]
    var offset = 0
    var total: Int?
    var hasMore = false
    var loadingMore = false
    var filter = ""
    var sort = "title"
    var detail: DetailContent?
    var performed: [(String, ActionArguments)] = []
    var loadMoreCalls = 0
    var child: ScreenRequest?

    static let filterAction = ActionDescriptor(
        name: "filter", label: "Filter", summary: "Show matching rows.", key: "/",
        params: [ParamDescriptor(name: "text", label: "Text", positional: true)])
    static let sortAction = ActionDescriptor(
        name: "sort", label: "Sort", summary: "Order rows.", key: "s",
        params: [ParamDescriptor(name: "by", label: "Sort by", kind: .choice, choices: ["title", "artist"])])
    static let openAction = ActionDescriptor(
        name: "open", label: "Open", summary: "Open a row.", key: "enter",
        params: [ParamDescriptor(name: "item", label: "Row", kind: .item)])
    static let removeAction = ActionDescriptor(
        name: "remove", label: "Remove", summary: "Remove a row.", key: "x", destructive: true,
        params: [ParamDescriptor(name: "item", label: "Row", kind: .item)])
    static let loadMoreAction = ActionDescriptor(name: "load-more", label: "Load more", summary: "Next page.", key: "m")
    static let failAction = ActionDescriptor(name: "fail", label: "Fail", summary: "Always fails.", key: "F")

    init(items: [ListItem]) {
        self.items = items
    }

    static func songs(_ count: Int) -> FakeListScreen {
        FakeListScreen(items: (1...max(1, count)).prefix(count).map {
            ListItem(id: String($0), title: "Song \($0)", subtitle: "Artist \($0 % 3)", trailing: "#\($0)")
        })
    }

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: id, title: title, status: status,
            content: ScreenContent(detail: detail, list: ListContent(
                items: items, offset: offset, total: total, hasMore: hasMore, loadingMore: loadingMore,
                filter: filter, sort: sort, columns: ListColumns(title: "Title", subtitle: "Artist", trailing: "No."),
                emptyMessage: "Nothing here yet.")),
            actions: [
                Self.filterAction, Self.sortAction, Self.openAction.enabled(!items.isEmpty),
                Self.removeAction.enabled(!items.isEmpty), Self.loadMoreAction.enabled(hasMore && !loadingMore),
                Self.failAction,
            ])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        performed.append((action, arguments))
        switch action {
        case "filter":
            filter = arguments.string("text") ?? ""
            items = items.filter { filter.isEmpty || $0.title.contains(filter) }
        case "sort":
            sort = arguments.string("by") ?? "title"
        case "open":
            if let child { return ActionOutcome(navigate: child) }
        case "remove":
            items.removeAll { $0.id == arguments.string("item") }
        case "load-more":
            loadMoreCalls += 1
            let next = items.count + offset
            items += (next + 1...next + 5).map { ListItem(id: String($0), title: "Song \($0)") }
            hasMore = items.count + offset < (total ?? 0)
        case "fail":
            throw .failed("The disk is full.", code: "disk_full")
        default:
            return try await super.perform(action, arguments)
        }
        publish()
        return .done
    }
}

/// A login-like form: `set-field` for every edit, `submit` enabled once
/// both fields have text.
@MainActor
final class FakeFormScreen: ScreenModel {
    var user = ""
    var password = ""
    var submitted = 0
    var setFieldCalls: [String: String] = [:]

    static let setField = ActionDescriptor(
        name: "set-field", label: "Set field", summary: "Change one field.",
        params: [ParamDescriptor(name: "field", label: "Field"), ParamDescriptor(name: "value", label: "Value")])
    static let submit = ActionDescriptor(name: "submit", label: "Sign in", summary: "Sign in.", key: "ctrl-s")

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "login", title: "Sign in", status: submitted > 0 ? .notice("Signed in as \(user).") : .idle,
            content: ScreenContent(form: FormContent(
                fields: [
                    FormField(id: "user", label: "User name", value: user, placeholder: "you@example.com",
                              message: user.contains(" ") ? "No spaces, please." : nil),
                    FormField(id: "password", label: "Password", value: "", secret: true),
                ],
                submitAction: "submit")),
            actions: [Self.setField, Self.submit.enabled(!user.isEmpty && !password.isEmpty)])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "set-field":
            let value = arguments.string("value") ?? ""
            setFieldCalls[arguments.string("field") ?? ""] = value
            if arguments.string("field") == "user" { user = value } else { password = value }
        case "submit":
            submitted += 1
        default:
            return try await super.perform(action, arguments)
        }
        publish()
        return .done
    }
}

/// A catalog over fake screens, built on demand by id.
@MainActor
final class FakeCatalog: ScreenCatalog {
    var screens: [ScreenDescriptor]
    var factories: [String: () -> any Screen]

    init(_ entries: [(ScreenDescriptor, () -> any Screen)]) {
        screens = entries.map(\.0)
        factories = Dictionary(uniqueKeysWithValues: entries.map { ($0.0.id, $0.1) })
    }

    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        guard let make = factories[request.screen] else { throw .notFound("no screen \(request.screen)") }
        return make()
    }

    static func descriptor(_ id: String, _ title: String, topLevel: Bool = true) -> ScreenDescriptor {
        ScreenDescriptor(id: id, title: title, summary: title, actions: [], topLevel: topLevel)
    }

    /// A controller showing `screen` as its home, with a second tab.
    static func controller(_ screen: any Screen, id: String = "songs", title: String = "Songs") async throws -> TUIController {
        let catalog = FakeCatalog([
            (descriptor(id, title), { screen }),
            (descriptor("other", "Other"), {
                let other = FakeListScreen(items: [])
                other.id = "other"
                other.title = "Other"
                return other
            }),
        ])
        let controller = TUIController(catalog: catalog)
        try await controller.start(ScreenRequest(screen: id))
        return controller
    }
}
