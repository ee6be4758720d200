import KernelDomain
import KernelPresentation
import PhotosDomain
import ScreenKit

/// The photos screen as the screen contract sees it: typed table columns,
/// actions with the standard names, each disabled with a reason.
extension PhotosViewModel {
    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Photo id", kind: .item, positional: true)

    public static let selectAction = ScreenAction<PhotosViewModel>(
        StandardAction.select, key: "t", label: "Select", summary: "Make a photo current: the screen's title becomes its title.",
        effect: .view, params: [itemParam], unavailable: { $0.noRows }
    ) { model, arguments throws(ScreenError) in
        try await model.select(id: try photoID(arguments))
        return .done
    }
    public static let openAction = ScreenAction<PhotosViewModel>(
        StandardAction.open, key: StandardKey.enter, label: "Details", summary: "Show every field of a photo.", effect: .view,
        params: [itemParam], unavailable: { $0.noRows }
    ) { model, arguments throws(ScreenError) in
        let id = try photoID(arguments)
        _ = try await model.photo(id: id)  // an unknown id fails here, not on the next screen
        return ActionOutcome(navigate: ScreenRequest(screen: PhotoDetailViewModel.screenID, params: ["id": .int(id)]))
    }
    public static let openURLAction = ScreenAction<PhotosViewModel>(
        StandardAction.openURL, key: "o", label: "Open image", summary: "Open a photo's image URL in the browser.", effect: .view,
        params: [itemParam], unavailable: { $0.noRows }
    ) { model, arguments throws(ScreenError) in try await model.openURL(id: try photoID(arguments)) }
    /// Fetches the list from the photos API over the cached copy.
    public static let reloadAction = ScreenAction<PhotosViewModel>(
        StandardAction.reload, key: "r", label: "Reload",
        summary: "Reset the title to \"\(PhotoRules.defaultTitle)\", then fetch the list again from the API.",
        effect: .replaces, reachesNetwork: true
    ) { model, _ throws(ScreenError) in
        try await model.reload()
        return .done
    }
    public static let filterAction = ScreenAction<PhotosViewModel>(
        StandardAction.filter, key: StandardKey.filter, label: "Filter", summary: "Show only photos whose title contains the text.",
        effect: .view, params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)],
        unavailable: { $0.noCache }
    ) { model, arguments throws(ScreenError) in
        try await model.setFilter(arguments.string(StandardParam.text) ?? "")
        return .done
    }
    public static let albumAction = ScreenAction<PhotosViewModel>(
        "album", key: "a", label: "Album", summary: "Show only one album's photos (no album: all of them).", effect: .view,
        params: [ParamDescriptor(name: "album", label: "Album id (empty for all)", kind: .int, required: false, positional: true, minimum: 0)],
        unavailable: { $0.noCache }
    ) { model, arguments throws(ScreenError) in
        try await model.setAlbum(arguments.int("album"))
        return .done
    }
    public static let sortAction = ScreenAction<PhotosViewModel>(
        StandardAction.sort, key: "s", label: "Sort",
        summary: "Order photos by id, by album (grouped) or by title; --reverse the other way round.", effect: .view,
        params: ListGrammar.sortParams(columns: columns), unavailable: { $0.noCache }
    ) { model, arguments throws(ScreenError) in
        try await model.setSort(
            PhotoSort(rawValue: try arguments.require(StandardParam.by)) ?? .id,
            descending: ListGrammar.descending(arguments, natural: false))
        return .done
    }
    public static let loadMoreAction = ScreenAction<PhotosViewModel>(
        StandardAction.loadMore, key: "m", label: "Load more", summary: "Append the next page of photos.", effect: .view,
        unavailable: { $0.reading ?? ($0.hasMore ? nil : "This is the last page.") }
    ) { model, _ throws(ScreenError) in
        try await model.loadMore()
        return .done
    }
    public static let loadPreviousAction = ScreenAction<PhotosViewModel>(
        StandardAction.loadPrevious, label: "Load previous", summary: "Prepend the page before the first one shown.", effect: .view,
        unavailable: { $0.reading ?? ($0.offset > 0 ? nil : "This is the first page.") }
    ) { model, _ throws(ScreenError) in
        try await model.loadPrevious()
        return .done
    }
    /// `ActionDescriptor.scrollTo`, the one shape every paged list offers.
    public static let scrollToAction = ScreenAction<PhotosViewModel>(
        StandardAction.scrollTo, label: ActionDescriptor.scrollTo.label, summary: ActionDescriptor.scrollTo.summary,
        effect: ActionDescriptor.scrollTo.effect, params: ActionDescriptor.scrollTo.params, unavailable: { $0.noCache }
    ) { model, arguments throws(ScreenError) in
        try await model.scroll(to: try arguments.requireInt(StandardParam.offset))
        return .done
    }
    public static let pageAction = ScreenAction<PhotosViewModel>(
        "page", key: "p", label: "Go to page", summary: "Show one page of photos.", effect: .view,
        params: [ParamDescriptor(name: "number", label: "Page number", kind: .int, positional: true, minimum: 1)],
        unavailable: { $0.noCache }
    ) { model, arguments throws(ScreenError) in
        try await model.showPage(try arguments.requireInt("number"))
        return .done
    }

    public static let thumbnailAction = ScreenAction<PhotosViewModel>(
        "thumbnail", label: "Thumbnail",
        summary: "A photo's thumbnail, fetched once, then kept in the picture cache.",
        effect: .view, reachesNetwork: true, params: [itemParam], showsPicture: true,
        unavailable: { $0.pictures?.offReason ?? $0.noRows }
    ) { model, arguments throws(ScreenError) in try await model.thumbnail(id: try photoID(arguments)) }

    public static let actions = [
        selectAction, openAction, openURLAction, reloadAction, filterAction, albumAction, sortAction, loadMoreAction,
        loadPreviousAction, scrollToAction, pageAction, thumbnailAction,
    ]

    var noCache: String? { cache == nil ? "No photos are cached yet; reload to fetch them." : nil }
    var noRows: String? { noCache ?? (photos.isEmpty ? "No photo is shown." : nil) }
    var reading: String? { isLoadingMore ? "A page is still loading." : nil }

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
        actions: actionDescriptors,
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
        return ScreenSnapshot(
            screen: Self.screenID, title: title, status: status,
            content: ScreenContent(
                detail: DetailContent(rows: detailRows),
                list: ListContent(
                    items: photos.map { Self.item($0, selected: $0.id == selectedID) }, offset: offset, total: total,
                    hasMore: hasMore, loadingMore: isLoadingMore, filter: text, sort: sort.rawValue, sortDescending: descending,
                    columns: Self.columns, emptyMessage: empty)),
            actions: availableActions)
    }

    var detailRows: [DetailRow] {
        var rows: [DetailRow] = []
        if let cache {
            rows.append(DetailRow("Photos", Formatters.grouped(cache.count), id: "count", data: .int(cache.count), type: .integer))
            rows.append(PhotoFormat.fetchedRow(cache, now: catalog.now()))
            let source = earlierSource.map { "\($0) (\(Self.earlierSetting))" } ?? cache.source
            rows.append(DetailRow("Source", source, id: "source", data: .string(cache.source), type: .url))
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

    static func photoID(_ arguments: ActionArguments) throws(ScreenError) -> Int {
        guard let id = arguments.int(StandardParam.item) else {
            throw .invalidParams("'item' must be a photo id (a whole number)", code: "photos.invalid_item")
        }
        return id
    }
}
