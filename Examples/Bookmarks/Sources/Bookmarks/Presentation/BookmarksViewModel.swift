import BookmarksDomain
import Foundation
import KernelDomain
import ScreenKit

/// The *bookmarks* screen: a table of saved URLs (typed: the URL as `url`,
/// the time added as ISO 8601, the id as an integer), a summary in detail
/// rows, a form action to add one, and the standard `open-url`.
///
/// Inputs: `reload()`, `add(url:title:)`, `remove(id:)`.
/// Outputs: `bookmarks`, `status`, and `snapshot`, derived from them.
@MainActor
public final class BookmarksViewModel: ScreenModel {
    public static let screenID = "bookmarks"

    public private(set) var bookmarks: [Bookmark] = []
    public private(set) var status: ScreenStatus = .idle
    private let store: any BookmarkStore
    private let now: @Sendable () -> Date

    public init(store: any BookmarkStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    // MARK: Inputs

    public override func start() async { await reload() }

    public func reload() async {
        do {
            bookmarks = try await store.bookmarks()
            if status.kind == .error { status = .idle }
        } catch {
            status = .error(Self.screenError(error))
        }
        publish()
    }

    public func add(url: String, title: String?) async throws(ScreenError) {
        do {
            let valid = try Bookmark.validURL(url)
            let saved = try await store.add(url: valid, title: Bookmark.title(title, for: valid), at: now())
            status = .notice("Bookmarked \"\(saved.title)\".")
        } catch {
            throw Self.screenError(error)
        }
        await reload()
    }

    public func remove(id: Int64) async throws(ScreenError) {
        do {
            try await store.remove(id: id)
            status = .notice("Removed bookmark \(id).")
        } catch {
            throw Self.screenError(error)
        }
        await reload()
    }

    // MARK: Screen contract

    public static let columns = [
        ListColumn("title", "Title", priority: 0),
        ListColumn("url", "URL", type: .url, priority: 1),
        ListColumn("added", "Added", type: .datetime, priority: 2),
        ListColumn("id", "Id", type: .integer, priority: 3),
    ]

    public static let addAction = ActionDescriptor(
        name: "add", label: "Add", summary: "Bookmark an http(s) URL, with a title (default: its host).", effect: .adds, key: "a",
        params: [
            ParamDescriptor(name: "url", label: "URL", positional: true),
            ParamDescriptor(name: "title", label: "Title", required: false),
        ])
    public static let openAction = ActionDescriptor(
        name: StandardAction.openURL, label: "Open", summary: "Open a bookmark's page.", effect: .view, key: "o",
        params: [ParamDescriptor(name: StandardParam.item, label: "Bookmark", kind: .item, positional: true)])
    public static let removeAction = ActionDescriptor(
        name: "remove", label: "Remove", summary: "Remove a bookmark.", effect: .destroys, key: "d",
        params: [ParamDescriptor(name: StandardParam.item, label: "Bookmark", kind: .item, positional: true)])
    public static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload", summary: "Read the bookmarks again.", effect: .view, key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Bookmarks", summary: "Saved web pages, in Facet's database.",
        actions: [addAction, openAction, removeAction, reloadAction], columns: columns,
        examples: ["facet-bookmarks bookmarks", "facet-bookmarks bookmarks add https://swift.org --title Swift"])

    public override var snapshot: ScreenSnapshot {
        let empty = bookmarks.isEmpty ? "There are no bookmarks yet." : nil
        let hosts = Set(bookmarks.compactMap { URL(string: $0.url)?.host })
        return ScreenSnapshot(
            screen: Self.screenID, title: "Bookmarks", status: status,
            content: ScreenContent(
                detail: DetailContent(rows: [
                    DetailRow("Bookmarks", String(bookmarks.count), id: "count", data: .int(bookmarks.count), type: .integer),
                    DetailRow("Sites", String(hosts.count), id: "sites", data: .int(hosts.count), type: .integer),
                ]),
                list: ListContent(
                    items: bookmarks.map(Self.item), columns: Self.columns,
                    emptyMessage: "No bookmarks yet. Add one with 'add URL'.")),
            actions: [
                Self.addAction,
                Self.openAction.disabled(because: empty),
                Self.removeAction.disabled(because: empty),
                Self.reloadAction,
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case Self.addAction.name:
            try await add(url: try arguments.require("url"), title: arguments.string("title"))
            return .done
        case StandardAction.openURL:
            return ActionOutcome(openURL: try bookmark(arguments).url)
        case Self.removeAction.name:
            try await remove(id: try bookmark(arguments).id)
            return .done
        case StandardAction.reload:
            await reload()
            return .done
        default:
            return try await super.perform(action, arguments)
        }
    }

    // MARK: Rules

    func bookmark(_ arguments: ActionArguments) throws(ScreenError) -> Bookmark {
        let item = try arguments.require(StandardParam.item)
        guard let found = bookmarks.first(where: { String($0.id) == item }) else {
            throw Self.screenError(BookmarkError.notFound(Int64(item) ?? -1))
        }
        return found
    }

    static func item(_ bookmark: Bookmark) -> ListItem {
        ListItem(id: String(bookmark.id), title: bookmark.title)
            .with("title", .string(bookmark.title))
            .with("url", .string(bookmark.url))
            .with("added", .string(iso8601(bookmark.addedAt)), display: display(bookmark.addedAt))
            .with("id", .int(Int(bookmark.id)))
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    static func display(_ date: Date) -> String {
        String(iso8601(date).prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    /// Domain errors carry their own words; a wrong input is refused (exit 1
    /// in the CLI), a missing bookmark is "not found".
    static func screenError(_ error: any Error) -> ScreenError {
        if let screen = error as? ScreenError { return screen }
        if let domain = error as? any DomainError {
            return ScreenError(kind: domain.category == .notFound ? .notFound : .failed, code: domain.code, message: domain.message)
        }
        return .failed("Unexpected error: \(error)", code: "internal")
    }
}
