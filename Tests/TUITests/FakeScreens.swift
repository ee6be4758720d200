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
    var sortDescending = false
    var columns = FakeListScreen.columns
    var detail: DetailContent?
    var performed: [(String, ActionArguments)] = []
    var loadMoreCalls = 0
    var child: ScreenRequest?
    /// What `remove` declares it does: a destruction unless a test makes it
    /// a removal that undo brings back.
    var removeEffect = ActionEffect.destroys

    static let filterAction = ActionDescriptor(
        name: "filter", label: "Filter", summary: "Show matching rows.", effect: .view, key: "/",
        params: [ParamDescriptor(name: "text", label: "Text", positional: true)])
    static let sortAction = ActionDescriptor(
        name: "sort", label: "Sort", summary: "Order rows.", effect: .view, key: "s",
        params: [
            ParamDescriptor(name: "by", label: "Sort by", kind: .choice, choices: ["title", "artist"]),
            ParamDescriptor(name: "descending", label: "Largest first", kind: .bool, required: false),
        ])
    static let openAction = ActionDescriptor(
        name: "open", label: "Open", summary: "Open a row.", effect: .view, key: "enter",
        params: [ParamDescriptor(name: "item", label: "Row", kind: .item)])
    static let removeAction = ActionDescriptor(
        name: "remove", label: "Remove", summary: "Remove a row.", effect: .destroys, key: "x",
        params: [ParamDescriptor(name: "item", label: "Row", kind: .item)])
    static let loadMoreAction = ActionDescriptor(name: "load-more", label: "Load more", summary: "Next page.", effect: .view, key: "m")
    static let failAction = ActionDescriptor(name: "fail", label: "Fail", summary: "Always fails.", effect: .changes, key: "F")
    static let upAction = ActionDescriptor(name: StandardAction.up, label: "Up", summary: "Go to the parent.", effect: .view, key: "u")
    static let openURLAction = ActionDescriptor(
        name: StandardAction.openURL, label: "Open in browser", summary: "Open the row's page.", effect: .view, key: "w",
        params: [ParamDescriptor(name: StandardParam.item, label: "Row", kind: .item)])
    /// Why `up` is refused; nil enables it.
    var upRefusal: String? = "Already at the top folder"

    init(items: [ListItem]) {
        self.items = items
    }

    /// The table's columns, as a contract-2 screen declares them: the
    /// title is never dropped, the number goes before the artist.
    static let columns = [
        ListColumn("title", "Title", priority: 0, sorts: true),
        ListColumn("artist", "Artist", priority: 2, sorts: true),
        ListColumn("position", "No.", type: .integer, priority: 1),
    ]

    /// One row with a typed value per column.
    static func song(_ number: Int, _ title: String? = nil, artist: String? = nil) -> ListItem {
        let title = title ?? "Song \(number)"
        var item = ListItem(id: String(number), title: title)
        item.set("title", .string(title))
        item.set("artist", .text(artist))
        item.set("position", .int(number))
        return item
    }

    static func songs(_ count: Int) -> FakeListScreen {
        FakeListScreen(items: (1...max(1, count)).prefix(count).map { song($0, artist: "Artist \($0 % 3)") })
    }

    var removing: ActionDescriptor {
        var action = Self.removeAction
        action.effect = removeEffect
        return action
    }

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: id, title: title, status: status,
            content: ScreenContent(detail: detail, list: ListContent(
                items: items, offset: offset, total: total, hasMore: hasMore, loadingMore: loadingMore,
                filter: filter, sort: sort, sortDescending: sortDescending ? true : nil, columns: columns,
                emptyMessage: "Nothing here yet.")),
            actions: [
                Self.filterAction, Self.sortAction, Self.openAction.enabled(!items.isEmpty),
                removing.enabled(!items.isEmpty), Self.loadMoreAction.enabled(hasMore && !loadingMore),
                Self.failAction, Self.upAction.disabled(because: upRefusal), Self.openURLAction.enabled(!items.isEmpty),
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
            sortDescending = arguments.bool("descending") ?? false
        case "open":
            if let child { return ActionOutcome(navigate: child) }
        case "remove":
            items.removeAll { $0.id == arguments.string("item") }
        case "load-more":
            loadMoreCalls += 1
            let next = items.count + offset
            items += (next + 1...next + 5).map { Self.song($0) }
            hasMore = items.count + offset < (total ?? 0)
        case "fail":
            throw .failed("The disk is full.", code: "disk_full")
        case StandardAction.openURL:
            return ActionOutcome(openURL: "https://example.com/songs/" + (arguments.string(StandardParam.item) ?? ""))
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
    /// Shown under the form once signed in, as the login screen does.
    var detailAfterSubmit: DetailContent?

    static let setField = ActionDescriptor(
        name: "set-field", label: "Set field", summary: "Change one field.",
        effect: .view, params: [ParamDescriptor(name: "field", label: "Field"), ParamDescriptor(name: "value", label: "Value")])
    static let submit = ActionDescriptor(name: "submit", label: "Sign in", summary: "Sign in.", effect: .changes, key: "ctrl-s")

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "login", title: "Sign in", status: submitted > 0 ? .notice("Signed in as \(user).") : .idle,
            content: ScreenContent(
                form: FormContent(
                    fields: [
                        FormField(id: "user", label: "User name", value: user, placeholder: "you@example.com",
                                  message: user.contains(" ") ? "No spaces, please." : nil),
                        FormField(id: "password", label: "Password", value: "", secret: true),
                    ],
                    submitAction: "submit"),
                detail: submitted > 0 ? detailAfterSubmit : nil),
            actions: [Self.setField, noReasons ? Self.submit.enabled(submitRefusal == nil) : Self.submit.disabled(because: submitRefusal)])
    }

    /// What submit answers (`.started`: the work goes on, as a sign-in does).
    var submitOutcome = ActionOutcome.done

    /// Disable submit without saying why (a contract-1 screen).
    var noReasons = false

    var submitRefusal: String? {
        if noReasons { return user.isEmpty || password.isEmpty || user.contains(" ") ? "" : nil }
        if user.isEmpty { return "Sign in needs a user name" }
        if password.isEmpty { return "Sign in needs a password" }
        return nil
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "set-field":
            let value = arguments.string("value") ?? ""
            setFieldCalls[arguments.string("field") ?? ""] = value
            if arguments.string("field") == "user" { user = value } else { password = value }
        case "submit":
            submitted += 1
            if submitOutcome != .done {
                publish()
                return submitOutcome
            }
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
        // A frozen clock: notices must not fade while a loaded machine runs the
        // suite, or what a test renders would depend on its speed.
        let frozen = ContinuousClock.now
        let controller = TUIController(catalog: catalog, now: { frozen })
        try await controller.start(ScreenRequest(screen: id))
        return controller
    }
}
