import KernelDomain
import KernelPresentation
import PhotosDomain
import ScreenKit

/// The photos screen as the screen contract sees it: typed table columns,
/// actions with the standard names, each disabled with a reason.
extension PhotosViewModel {
    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Photo id", kind: .item, positional: true)

    public static let selectAction = ActionDescriptor(
        name: StandardAction.select, label: "Select", summary: "Make a photo current: the screen's title becomes its title.",
        effect: .view, key: "t", params: [itemParam])
    public static let openAction = ActionDescriptor(
        name: StandardAction.open, label: "Details", summary: "Show every field of a photo.", effect: .view, key: StandardKey.enter,
        params: [itemParam])
    public static let openURLAction = ActionDescriptor(
        name: StandardAction.openURL, label: "Open image", summary: "Open a photo's image URL in the browser.", effect: .view, key: "o",
        params: [itemParam])
    public static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload",
        summary: "Reset the title to \"\(PhotoRules.defaultTitle)\", then fetch the list again from the API.", effect: .changes, key: "r")
    public static let filterAction = ActionDescriptor(
        name: StandardAction.filter, label: "Filter", summary: "Show only photos whose title contains the text.",
        effect: .view, key: StandardKey.filter, params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)])
    public static let albumAction = ActionDescriptor(
        name: "album", label: "Album", summary: "Show only one album's photos (no album: all of them).", effect: .view, key: "a",
        params: [ParamDescriptor(name: "album", label: "Album id (empty for all)", kind: .int, required: false, positional: true, minimum: 0)])
    public static let sortAction = ActionDescriptor(
        name: StandardAction.sort, label: "Sort",
        summary: "Order photos by id, by album (grouped) or by title; --reverse the other way round.", effect: .view, key: "s",
        params: ListGrammar.sortParams(columns: columns))
    public static let loadMoreAction = ActionDescriptor(
        name: StandardAction.loadMore, label: "Load more", summary: "Append the next page of photos.", effect: .view, key: "m")
    public static let loadPreviousAction = ActionDescriptor(
        name: StandardAction.loadPrevious, label: "Load previous", summary: "Prepend the page before the first one shown.", effect: .view)
    public static let pageAction = ActionDescriptor(
        name: "page", label: "Go to page", summary: "Show one page of photos.", effect: .view, key: "p",
        params: [ParamDescriptor(name: "number", label: "Page number", kind: .int, positional: true, minimum: 1)])

    public static let columns = [
        ListColumn("id", "ID", type: .integer, priority: 1, sorts: true),
        ListColumn("album", "Album", type: .integer, priority: 2, sorts: true),
        ListColumn("title", "Title", priority: 0, sorts: true),
        ListColumn("url", "Image URL", type: .url, priority: 3),
        ListColumn("thumbnailUrl", "Thumbnail URL", type: .url, priority: 4),
    ]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: PhotoRules.defaultTitle,
        summary: "Photos from a JSONPlaceholder-compatible API (settings: photos-base-url), cached for offline use; the title follows the selection.",
        params: [
            ParamDescriptor(name: "album", label: "Only this album", kind: .int, required: false, minimum: 0),
        ] + ListGrammar.screenParams(columns: columns, filterLabel: "Only titles containing this text") + [
            ParamDescriptor(name: "page", label: "Page number", kind: .int, required: false, minimum: 1),
            ParamDescriptor(name: "offline", label: "Show the cache without refreshing it", kind: .bool, required: false)
                .keepingStoredData(with: .bool(true)),
        ],
        actions: [
            selectAction, openAction, openURLAction, reloadAction, filterAction, albumAction, sortAction, loadMoreAction,
            loadPreviousAction, .scrollTo, pageAction,
        ],
        columns: columns,
        examples: [
            "facet photos", "facet photos --album 3 --sort title", "facet photos --sort title --reverse",
            "facet photos select 7", "facet photos reload --json",
        ])

    /// The snapshot, derived from the typed state (see `snapshot`).
    var screenSnapshot: ScreenSnapshot {
        let empty: String
        if cache == nil {
            empty = isRefreshing ? "Loading photos…" : "No photos are cached yet."
        } else if album != nil || !text.isEmpty {
            empty = "No photo matches" + (album.map { " album \($0)" } ?? "") + (text.isEmpty ? "" : " \"\(text)\"") + "."
        } else {
            empty = "The photo list is empty."
        }
        let noCache: String? = cache == nil ? "No photos are cached yet; reload to fetch them." : nil
        let noRows: String? = noCache ?? (photos.isEmpty ? "No photo is shown." : nil)
        let reading: String? = isLoadingMore ? "A page is still loading." : nil
        return ScreenSnapshot(
            screen: Self.screenID, title: title, status: status,
            content: ScreenContent(
                detail: DetailContent(rows: detailRows),
                list: ListContent(
                    items: photos.map { Self.item($0, selected: $0.id == selectedID) }, offset: offset, total: total,
                    hasMore: hasMore, loadingMore: isLoadingMore, filter: text, sort: sort.rawValue, sortDescending: descending,
                    columns: Self.columns, emptyMessage: empty)),
            actions: [
                Self.selectAction.disabled(because: noRows),
                Self.openAction.disabled(because: noRows),
                Self.openURLAction.disabled(because: noRows),
                Self.reloadAction.disabled(because: nil),
                Self.filterAction.disabled(because: noCache),
                Self.albumAction.disabled(because: noCache),
                Self.sortAction.disabled(because: noCache),
                Self.loadMoreAction.disabled(because: reading ?? (hasMore ? nil : "This is the last page.")),
                Self.loadPreviousAction.disabled(because: reading ?? (offset > 0 ? nil : "This is the first page.")),
                ActionDescriptor.scrollTo.disabled(because: noCache),
                Self.pageAction.disabled(because: noCache),
            ])
    }

    var detailRows: [DetailRow] {
        var rows: [DetailRow] = []
        if let cache {
            rows.append(DetailRow("Photos", Formatters.grouped(cache.count), id: "count", data: .int(cache.count), type: .integer))
            rows.append(PhotoFormat.fetchedRow(cache, now: catalog.now()))
            rows.append(DetailRow("Source", cache.source, id: "source", type: .url))
        }
        if let album {
            rows.append(DetailRow("Album", String(album), id: "album", data: .int(album), type: .integer))
        }
        rows.append(DetailRow("Page", pagesShown, id: "page", data: .int(lastLoadedPage), type: .integer))
        return rows
    }

    static func item(_ photo: Photo, selected: Bool) -> ListItem {
        var values: [String: TypedValue] = [:]
        values.reserveCapacity(5)  // room for every column at once, no regrowth
        return ListItem(id: String(photo.id), title: photo.title, values: values, badges: selected ? ["selected"] : [])
            .with("id", .int(photo.id))
            .with("album", .int(photo.albumId))
            .with("title", .string(photo.title))
            .with("url", .string(photo.url))
            .with("thumbnailUrl", .string(photo.thumbnailUrl))
    }

    /// Runs a validated action (see `perform`).
    func handle(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case StandardAction.select:
            try await select(id: try Self.photoID(arguments))
        case StandardAction.open:
            let id = try Self.photoID(arguments)
            _ = try await photo(id: id)  // an unknown id fails here, not on the next screen
            return ActionOutcome(navigate: ScreenRequest(screen: PhotoDetailViewModel.screenID, params: ["id": .int(id)]))
        case StandardAction.openURL:
            return ActionOutcome(openURL: try await openURL(id: try Self.photoID(arguments)))
        case StandardAction.reload:
            try await reload()
        case StandardAction.filter:
            try await setFilter(arguments.string(StandardParam.text) ?? "")
        case "album":
            try await setAlbum(arguments.int("album"))
        case StandardAction.sort:
            try await setSort(
                PhotoSort(rawValue: try arguments.require(StandardParam.by)) ?? .id,
                descending: ListGrammar.descending(arguments, natural: false))
        case StandardAction.loadMore:
            try await loadMore()
        case StandardAction.loadPrevious:
            try await loadPrevious()
        case StandardAction.scrollTo:
            try await scroll(to: try arguments.requireInt(StandardParam.offset))
        case "page":
            try await showPage(try arguments.requireInt("number"))
        default:
            throw .invalidParams("unknown action '\(action)'", code: "unknown_action")
        }
        return .done
    }

    static func photoID(_ arguments: ActionArguments) throws(ScreenError) -> Int {
        guard let id = arguments.int(StandardParam.item) else {
            throw .invalidParams("'item' must be a photo id (a whole number)", code: "photos.invalid_item")
        }
        return id
    }
}
