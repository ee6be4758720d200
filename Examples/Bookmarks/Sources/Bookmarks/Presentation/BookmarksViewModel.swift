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
public final class BookmarksViewModel: ScreenModel, DeclaredScreen {
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

    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Bookmark", kind: .item, positional: true)
    static let empty: @MainActor @Sendable (BookmarksViewModel) -> String? = {
        $0.bookmarks.isEmpty ? "There are no bookmarks yet." : nil
    }

    /// Each action is one declaration: every face derives its key, form,
    /// help, question and tool from it, and `ScreenModel` dispatches to it.
    public static let addAction = ScreenAction<BookmarksViewModel>(
        "add", key: "a", label: "Add", summary: "Bookmark an http(s) URL, with a title (default: its host).", effect: .adds,
        params: [
            ParamDescriptor(name: "url", label: "URL", positional: true),
            ParamDescriptor(name: "title", label: "Title", required: false),
        ]
    ) { model, arguments throws(ScreenError) in
        try await model.add(url: try arguments.require("url"), title: arguments.string("title"))
        return .done
    }
    public static let openAction = ScreenAction<BookmarksViewModel>(
        StandardAction.openURL, key: "o", label: "Open", summary: "Open a bookmark's page.", effect: .view,
        params: [itemParam], unavailable: empty
    ) { model, arguments throws(ScreenError) in ActionOutcome(openURL: try model.bookmark(arguments).url) }
    public static let removeAction = ScreenAction<BookmarksViewModel>(
        "remove", key: "d", label: "Remove", summary: "Remove a bookmark for good.", effect: .destroys,
        params: [itemParam], unavailable: empty
    ) { model, arguments throws(ScreenError) in
        try await model.remove(id: try model.bookmark(arguments).id)
        return .done
    }
    public static let reloadAction = ScreenAction<BookmarksViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read the bookmarks again.", effect: .view
    ) { model, _ in
        await model.reload()
        return .done
    }
    public static let actions = [addAction, openAction, removeAction, reloadAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Bookmarks", summary: "Saved web pages, in Facet's database.",
        actions: actionDescriptors, columns: columns,
        examples: ["facet-bookmarks bookmarks", "facet-bookmarks bookmarks add https://swift.org --title Swift"])

    public override var snapshot: ScreenSnapshot {
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
            actions: availableActions)
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
