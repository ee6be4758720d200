import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// The *playlist* screen: one playlist's songs, filtered, sorted, paged.
///
/// Holds a window (a `PagedWindow`) of at most `windowLimit` songs, whatever
/// the playlist's size: `loadMore` appends the next page and drops the
/// oldest, `page(_:)` jumps. So a million-song playlist costs the same memory as a small one.
///
/// Inputs: `setFilter`, `setSort`, `loadMore`, `showPage`, `removeSong`,
/// `moveSong`, `add`, `export`, `rename`, `delete`, `reload`.
/// Outputs: `playlist`, `entries`, `offset`, `total`, `hasMore`,
/// `isLoadingMore`, `filter`, `sort`, `status`, and the derived `snapshot`.
@MainActor
public final class PlaylistViewModel: ScreenModel {
    public static let screenID = "playlist"

    public private(set) var playlist: PlaylistSummary?
    public var entries: [PlaylistEntry] { window.items }
    public var offset: Int { window.offset }
    public var total: Int { window.total }
    public private(set) var filter = ""
    public private(set) var sort: SongSort = .position
    /// Largest, last or Z first (see `ListGrammar`).
    public private(set) var descending = false
    public private(set) var status: ScreenStatus = .idle
    public var isLoadingMore: Bool { pages.isLoadingMore }
    public var pageSize: Int { window.pageSize }
    public var windowLimit: Int { window.limit ?? .max }
    private var window: PagedWindow<PlaylistEntry> { pages.window }
    private lazy var pages = PagedList<PlaylistEntry>(
        pageSize: initialPageSize, read: { [unowned self] offset, limit in try await self.readPage(offset: offset, limit: limit) },
        changed: { [unowned self] in self.publish() })
    private let initialPageSize: Int
    private let requestedName: String
    private let library: PlaylistLibrary
    private var startPage: Int
    /// The change `undo` would revert, read with the playlist.
    private var undoable: PlaylistChange?

    public init(
        library: PlaylistLibrary, name: String, filter: String = "", sort: SongSort = .position, reverse: Bool = false,
        page: Int = 1, pageSize: Int = 50
    ) {
        self.library = library
        self.requestedName = name
        self.filter = filter
        self.sort = sort
        self.descending = sort.naturallyDescending != reverse
        self.startPage = max(1, page)
        self.initialPageSize = pageSize
    }

    public var hasMore: Bool { window.hasMore }
    public var currentPage: Int { window.currentPage }
    public var pageCount: Int { window.pageCount }

    // MARK: Inputs

    public override func start() async {
        status = .loading("Loading \(requestedName)…")
        publish()
        do {
            playlist = try await library.playlist(named: requestedName)
            try await pages.load(from: window.offset(ofPage: startPage))
            undoable = try await library.lastChange(of: playlist)
            status = startPage > pageCount ? .error(Self.noSuchPage(startPage, of: pageCount)) : .idle
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    public func setFilter(_ text: String) async throws(ScreenError) {
        filter = text
        try await refetch(from: 0)
    }

    public func setSort(_ newSort: SongSort, descending: Bool? = nil) async throws(ScreenError) {
        sort = newSort
        self.descending = descending ?? newSort.naturallyDescending
        try await refetch(from: 0)
    }

    /// Appends the next page. Ignored while a page is loading or at the end.
    public func loadMore() async throws(ScreenError) {
        try await run { try await self.pages.loadMore() }
    }

    /// Prepends the page before the window (dropping rows from its end past
    /// the window limit). Ignored while loading or at the top.
    public func loadPrevious() async throws(ScreenError) {
        guard playlist != nil else { return }
        try await run { try await self.pages.loadPrevious() }
    }

    /// Shows the rows from `offset` (0-based in the whole list): a scroll
    /// bar dragged far away lands there in one read.
    public func scroll(to offset: Int) async throws(ScreenError) {
        guard offset >= 0 else { throw .invalidParams("'offset' must be 0 or more") }
        try await run { try await self.pages.scroll(to: offset) }
        publish()
    }

    public func showPage(_ number: Int) async throws(ScreenError) {
        guard number >= 1, number <= pageCount else { throw Self.noSuchPage(number, of: pageCount) }
        try await refetch(from: window.offset(ofPage: number))
    }

    public func removeSong(at position: Int) async throws(ScreenError) {
        try await removeSongs(at: [position])
    }

    /// Removes the songs at `positions` (marked rows) in one transaction.
    public func removeSongs(at positions: [Int]) async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            let name = positions.count == 1
                ? await self.songName(at: positions[0], in: playlist) : Formatters.count(positions.count, "song")
            try await self.library.removeSongs(from: playlist, at: positions)
            self.status = .notice("Removed \(name).")
        }
        try await refreshPlaylist()
    }

    /// Moves a song and keeps it in view: in position order without a
    /// filter the window is moved to the page that holds its new place.
    public func moveSong(from: Int, to: Int) async throws(ScreenError) {
        try await moveSongs(from: [from], to: to)
    }

    /// Moves the songs at `positions` together, in their order, the first to `to`.
    public func moveSongs(from positions: [Int], to: Int) async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            let name = positions.count == 1
                ? await self.songName(at: positions[0], in: playlist) : Formatters.count(positions.count, "song")
            try await self.library.moveSongs(in: playlist, from: positions, to: to)
            self.status = .notice("Moved \(name) to \(to).")
        }
        try await refreshPlaylist()
        if sort == .position, !descending, filter.isEmpty, !(offset..<(offset + entries.count)).contains(to - 1) {
            try await refetch(from: (to - 1) / pageSize * pageSize)
        }
    }

    /// The song at `position` as a notice names it (“Bohemian Rhapsody”):
    /// from the window when it is there, else read; "song N" when unknown.
    private func songName(at position: Int, in playlist: PlaylistSummary) async -> String {
        var title = entries.first { $0.position == position }?.song.title
        if title == nil, position >= 1 {
            let page = try? await library.songs(in: playlist, SongQuery(offset: position - 1, limit: 1))
            title = page?.entries.first { $0.position == position }?.song.title
        }
        return title.map { "“\($0)”" } ?? "song \(position)"
    }

    /// Appends the songs of a playlist file or a folder (recursively) in
    /// one transaction; folders that could not be entered make the notice a
    /// warning, not a failure.
    public func add(from path: String) async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            let report = try await self.library.add(to: playlist, from: path)
            self.status = PlaylistImportNotice.status(
                "Added \(Formatters.count(report.added, "song")) to \"\(playlist.name)\"", report.skipped)
        }
        try await refreshPlaylist()
    }

    /// Writes the whole playlist to `file` as M3U8 or seed JSON, by its
    /// extension. An existing file is replaced only with `replacing` (`--yes`).
    public func export(to file: String, replacing: Bool) async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            let summary = try await self.library.export(playlist, to: file, replacing: replacing)
            let format = summary.format == .m3u ? "M3U8" : "seed JSON"
            self.status = .notice(
                "Exported \(Formatters.count(summary.songs, "song")) of \"\(playlist.name)\" to \(summary.file) (\(format)).")
        }
        publish()
    }

    public func rename(to name: String) async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            let newName = try await self.library.rename(playlist, to: name)
            self.playlist?.name = newName
            self.status = .notice(
                newName == playlist.name ? "The name is unchanged." : "Renamed \"\(playlist.name)\" to \"\(newName)\".")
        }
        publish()
    }

    public func delete() async throws(ScreenError) {
        try await run {
            let playlist = try self.requirePlaylist()
            try await self.library.delete(playlist)
            self.playlist = nil
            self.pages.clear()
            self.status = .notice("Deleted \"\(playlist.name)\".")
        }
        publish()
    }

    public func reload() async throws(ScreenError) { try await refreshPlaylist() }

    /// Moves the songs at `positions` one step up (`-1`) or down (`1`):
    /// the position the first of them then has.
    public func step(_ positions: [Int], by step: Int) async throws(ScreenError) -> Int {
        try await run {
            let playlist = try self.requirePlaylist()
            let name = positions.count == 1
                ? await self.songName(at: positions[0], in: playlist) : Formatters.count(positions.count, "song")
            try await self.library.stepSongs(in: playlist, at: positions, by: step)
            self.status = .notice("Moved \(name) \(step < 0 ? "up" : "down").")
        }
        try await refreshPlaylist()
        let first = (positions.min() ?? 1) + step
        if sort == .position, !descending, filter.isEmpty, !(offset..<(offset + entries.count)).contains(first - 1) {
            try await refetch(from: (first - 1) / pageSize * pageSize)
        }
        return first
    }

    /// Reverts the last journalled change of this playlist.
    public func undo() async throws(ScreenError) {
        try await run {
            let (change, restored) = try await self.library.undo(try self.requirePlaylist())
            self.playlist = restored
            self.status = .notice(PlaylistUndoText.done(change))
        }
        try await refreshPlaylist()
    }

    /// Names the playlist (and the song) exactly, with what goes with it.
    public override func confirmation(of action: String, _ arguments: ActionArguments) async throws(ScreenError) -> String? {
        switch action {
        case "delete":
            guard let playlist else { throw ErrorPresentation.screenError(PlaylistError.notFound(requestedName)) }
            return PlaylistsViewModel.deleteQuestion(playlist)
        case "remove-song" where try Self.positions(arguments).count > 1:
            guard let playlist else { throw ErrorPresentation.screenError(PlaylistError.notFound(requestedName)) }
            let count = try Self.positions(arguments).count
            return "Remove \(count) songs from playlist \"\(playlist.name)\"?"
        case "remove-song":
            guard let playlist else { throw ErrorPresentation.screenError(PlaylistError.notFound(requestedName)) }
            let position = try Self.position(arguments)
            guard (1...max(1, playlist.songCount)).contains(position), playlist.songCount > 0 else {
                throw .notFound(
                    "\"\(playlist.name)\" has no song at position \(position) (it holds \(Formatters.count(playlist.songCount, "song"))).",
                    code: "playlist.no_such_song")
            }
            let name = await songName(at: position, in: playlist)
            return "Remove \(name) (position \(position)) from playlist \"\(playlist.name)\"?"
        case "export":
            guard let playlist else { throw ErrorPresentation.screenError(PlaylistError.notFound(requestedName)) }
            let target = library.exportTarget(try arguments.require("file"))
            guard let bytes = target.replacing else { return nil }
            return "Replace \(target.file) (\(Formatters.count(Int(bytes), "byte"))) with playlist \"\(playlist.name)\"?"
        default:
            return try await super.confirmation(of: action, arguments)
        }
    }

    // MARK: Work

    private func refreshPlaylist() async throws(ScreenError) {
        try await run {
            self.playlist = try await self.currentPlaylist()
            try await self.pages.reload()
            self.undoable = try await self.library.lastChange(of: self.playlist)
        }
        publish()
    }

    /// The playlist as stored now. Another screen (another client's) may
    /// have renamed it since it was read: then it is found by its id, and
    /// this screen follows it under its new name.
    private func currentPlaylist() async throws -> PlaylistSummary {
        guard let known = playlist else { return try await library.playlist(named: requestedName) }
        if let same = try? await library.playlist(named: known.name), same.id == known.id { return same }
        guard let renamed = try await library.playlists().first(where: { $0.id == known.id }) else {
            throw PlaylistError.notFound(known.name)
        }
        return renamed
    }

    private func refetch(from newOffset: Int) async throws(ScreenError) {
        try await run { try await self.pages.load(from: newOffset) }
        publish()
    }

    /// One page of the playlist's songs with the screen's filter and sort.
    func readPage(offset: Int, limit: Int) async throws -> PagedList<PlaylistEntry>.Page {
        let page = try await library.songs(
            in: try requirePlaylist(), SongQuery(filter: filter, sort: sort, descending: descending, offset: offset, limit: limit))
        return (page.entries, page.offset, page.total)
    }

    private func requirePlaylist() throws -> PlaylistSummary {
        guard let playlist else { throw PlaylistError.notFound(requestedName) }
        return playlist
    }

    /// Runs an edit, turning failures into a `ScreenError` for the caller
    /// (the front end shows it) while the screen keeps its last good state.
    private func run(_ body: () async throws -> Void) async throws(ScreenError) {
        do {
            try await body()
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    // MARK: Screen contract

    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Song position", kind: .item, positional: true)
    /// One position or several, comma-separated (the TUI's marked rows).
    static let itemsParam = ParamDescriptor(
        name: StandardParam.item, label: "Song positions (as 1,4,7)", kind: .item, positional: true
    ).acceptingSeveral()
    public static let filterAction = ActionDescriptor(
        name: StandardAction.filter, label: "Filter", summary: "Show only songs whose title or artist contains the text.",
        effect: .view, key: StandardKey.filter,
        params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)])
    public static let sortAction = ActionDescriptor(
        name: StandardAction.sort, label: "Sort",
        summary: "Order songs by position, title, artist or duration; --reverse the other way round.", effect: .view, key: "s",
        params: ListGrammar.sortParams(columns: SongRow.columns))
    public static let loadMoreAction = ActionDescriptor(
        name: StandardAction.loadMore, label: "Load more", summary: "Append the next page of songs.", effect: .view, key: "m")
    public static let loadPreviousAction = ActionDescriptor(
        name: StandardAction.loadPrevious, label: "Load previous", summary: "Prepend the page before the first one shown.", effect: .view)
    public static let pageAction = ActionDescriptor(
        name: "page", label: "Go to page", summary: "Show one page of songs.", effect: .view, key: "p",
        params: [ParamDescriptor(name: "number", label: "Page number", kind: .int, positional: true, minimum: 1)])
    public static let removeAction = ActionDescriptor(
        name: "remove-song", label: "Remove song",
        summary: "Remove the song at a position, or the songs at several (--items 1,4,7), in one step.", effect: .destroys,
        key: "x", params: [itemsParam])
    public static let moveAction = ActionDescriptor(
        name: "move-song", label: "Move song",
        summary: "Move the song at a position, or the songs at several (--items 1,4,7) in their order, to another position.",
        effect: .changes, key: "M",
        params: [itemsParam, ParamDescriptor(name: "to", label: "New position", kind: .int, positional: true, minimum: 1)])
    public static let moveUpAction = ActionDescriptor(
        name: "move-up", label: "Move up", summary: "Move the song (or the marked songs) one place up.", effect: .changes,
        key: "K", params: [itemsParam])
    public static let moveDownAction = ActionDescriptor(
        name: "move-down", label: "Move down", summary: "Move the song (or the marked songs) one place down.",
        effect: .changes, key: "J", params: [itemsParam])
    public static let undoAction = ActionDescriptor(
        name: "undo", label: "Undo", summary: "Undo the last change to this playlist (remove, move, rename).",
        effect: .changes, key: "u")
    public static let addAction = ActionDescriptor(
        name: "add", label: "Add songs",
        summary: "Append the songs of a .json or .m3u/.m3u8 file, or of a folder of audio files and its subfolders; "
            + "all are added or none.",
        effect: .changes, key: "a", params: [ParamDescriptor(name: "path", label: "File or folder", kind: .path, positional: true)])
    public static let exportAction = ActionDescriptor(
        name: "export", label: "Export",
        summary: "Write the playlist to FILE: .m3u/.m3u8 (M3U8) or .json (seed format); "
            + "an existing FILE is replaced only with --yes.",
        effect: .destroys, key: "E",
        params: [
            ParamDescriptor(name: "file", label: "Export file (.m3u8, .m3u or .json)", kind: .path, positional: true),
            .replaceExistingFile,
        ])
    public static let renameAction = ActionDescriptor(
        name: "rename", label: "Rename", summary: "Rename the playlist.", effect: .changes, key: "R",
        params: [ParamDescriptor(name: "name", label: "New name", positional: true)])
    public static let deleteAction = ActionDescriptor(
        name: "delete", label: "Delete playlist", summary: "Delete this playlist and its songs.", effect: .destroys, key: "D")
    public static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload", summary: "Read the playlist again from the database.", effect: .view, key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Playlist", summary: "One playlist's songs: filter, sort, page, edit.",
        params: [
            ParamDescriptor(name: "name", label: "Playlist name", positional: true).values(from: ValueSource(screen: "playlists")),
        ] + ListGrammar.screenParams(
            columns: SongRow.columns, filterLabel: "Only songs whose title or artist contains this text"
        ) + [
            ParamDescriptor(name: "page", label: "Page number", kind: .int, required: false, minimum: 1),
        ],
        actions: [
            filterAction, sortAction, loadMoreAction, loadPreviousAction, .scrollTo, pageAction, removeAction, moveAction, moveUpAction,
            moveDownAction, addAction, exportAction, renameAction, deleteAction, undoAction, reloadAction,
        ],
        topLevel: false, columns: SongRow.columns,
        examples: [
            "facet playlist Sample",
            "facet playlist Sample --filter queen --sort artist",
            "facet playlist Sample --sort duration --reverse",
            "facet playlist Sample --page 1",
            "facet playlist Sample filter o --jsonl",
            "facet playlist Sample --fields id,title",
            "facet playlist Sample move-song 7 1",
            "facet playlist Sample remove-song 2 --yes",
            "facet playlist Sample remove-song --items 1,3 --yes",
            "facet playlist Sample move-up 3",
            "facet playlist Sample undo",
            "facet playlist Sample add music",
            "facet playlist Sample export sample.m3u8",
            "facet playlist Sample rename Favourites",
        ])

    /// Songs, source, format, import time and page, each with its typed
    /// value; the page is the one the loaded rows reach.
    var detailRows: [DetailRow]? {
        guard let playlist else { return nil }
        let imported = Formatters.datetime(playlist.importedAt)
        return [
            DetailRow("Songs", Formatters.grouped(playlist.songCount), id: "songs", data: .int(playlist.songCount), type: .integer),
            DetailRow("Source", playlist.source, id: "source", data: PlaylistRow.source(playlist), type: .path),
            DetailRow("Format", playlist.format, id: "format"),
            DetailRow("Imported", imported.display, id: "imported", data: imported.value, type: .datetime),
            DetailRow("Page", window.pagesShown, id: "page", data: .int(window.lastLoadedPage), type: .integer),
        ]
    }

    public override var snapshot: ScreenSnapshot {
        let empty = filter.isEmpty ? "This playlist has no songs." : "No song matches \"\(filter)\"."
        // Why actions are unavailable, most fundamental first.
        let missing = playlist == nil ? "No playlist named \"\(requestedName)\"" : nil
        let busy = status.isLoading ? "The playlist is loading" : nil
        let paging = isLoadingMore ? "A page is loading" : nil
        let noSongs = entries.isEmpty ? (filter.isEmpty ? "the playlist has no songs" : "no song matches the filter") : nil
        return ScreenSnapshot(
            screen: Self.screenID, title: playlist?.name ?? requestedName, status: status,
            content: ScreenContent(
                detail: detailRows.map(DetailContent.init(rows:)),
                list: ListContent(
                    items: entries.map(SongRow.item), offset: offset, total: total, hasMore: hasMore,
                    loadingMore: isLoadingMore, filter: filter, sort: sort.rawValue, sortDescending: descending,
                    columns: SongRow.columns, emptyMessage: empty)),
            actions: [
                Self.filterAction.disabled(because: missing ?? busy),
                Self.sortAction.disabled(because: missing ?? busy),
                Self.loadMoreAction.disabled(because: missing ?? paging ?? (hasMore ? nil : "Already at the end of the list")),
                Self.loadPreviousAction.disabled(because: missing ?? paging ?? (offset > 0 ? nil : "Already at the top of the list")),
                ActionDescriptor.scrollTo.disabled(because: missing ?? busy),
                Self.pageAction.disabled(because: missing ?? busy),
                Self.removeAction.disabled(because: missing ?? noSongs.map { "Nothing to remove: " + $0 }),
                Self.moveAction.disabled(because: missing ?? noSongs.map { "Nothing to move: " + $0 }),
                Self.moveUpAction.disabled(because: missing ?? noSongs.map { "Nothing to move: " + $0 }),
                Self.moveDownAction.disabled(because: missing ?? noSongs.map { "Nothing to move: " + $0 }),
                Self.addAction.disabled(because: missing ?? busy),
                Self.exportAction.disabled(because: missing ?? busy),
                Self.renameAction.suggesting(playlist?.name).disabled(because: missing),
                Self.deleteAction.disabled(because: missing),
                Self.undoAction.disabled(because: missing ?? (undoable == nil ? PlaylistUndoText.nothing : nil)),
                Self.reloadAction,
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case StandardAction.filter: try await setFilter(arguments.string(StandardParam.text) ?? "")
        case StandardAction.sort:
            let sort = SongSort(rawValue: try arguments.require(StandardParam.by)) ?? .position
            try await setSort(sort, descending: ListGrammar.descending(arguments, natural: sort.naturallyDescending))
        case StandardAction.loadMore: try await loadMore()
        case StandardAction.loadPrevious: try await loadPrevious()
        case StandardAction.scrollTo: try await scroll(to: try arguments.requireInt(StandardParam.offset))
        case "page": try await showPage(try arguments.requireInt("number"))
        case "remove-song": try await removeSongs(at: try Self.positions(arguments))
        case "move-song":
            let to = try arguments.requireInt("to")
            try await moveSongs(from: try Self.positions(arguments), to: to)
            // Front ends with a cursor follow the song to its new place.
            return ActionOutcome(focus: String(to))
        case "move-up", "move-down":
            let first = try await step(try Self.positions(arguments), by: action == "move-up" ? -1 : 1)
            return ActionOutcome(focus: String(first))
        case "undo": try await undo()
        case "add": try await add(from: try arguments.require("path"))
        case "export": try await export(to: try arguments.require("file"), replacing: arguments.bool("yes") ?? false)
        case "rename": try await rename(to: try arguments.require("name"))
        case "delete":
            try await delete()
            return ActionOutcome(back: true)
        case StandardAction.reload: try await reload()
        default: return try await super.perform(action, arguments)
        }
        return .done
    }

    static func noSuchPage(_ number: Int, of count: Int) -> ScreenError {
        .invalidParams("Page \(number) does not exist (1…\(count)).", code: "playlist.invalid_page")
    }

    /// The positions of an item parameter that takes several.
    static func positions(_ arguments: ActionArguments) throws(ScreenError) -> [Int] {
        let ids = arguments.items(StandardParam.item)
        let positions = ids.compactMap { Int($0) }
        guard !ids.isEmpty, positions.count == ids.count else {
            throw .invalidParams("'item' must be song positions (whole numbers, as 1,4,7)")
        }
        return positions
    }

    static func position(_ arguments: ActionArguments) throws(ScreenError) -> Int {
        // The list is checked but sent as typed (" 3" from a JSON client).
        guard let position = arguments.int(StandardParam.item)
            ?? arguments.string(StandardParam.item).flatMap({ Int($0.filter { $0 != " " }) }) else {
            throw .invalidParams("'item' must be a song position (a whole number)")
        }
        return position
    }
}

extension ActionDescriptor {
    /// The action with `value` suggested for its first text parameter (the
    /// current name for a rename): front ends start the prompt with it.
    func suggesting(_ value: String?) -> ActionDescriptor {
        guard let value, let index = params.firstIndex(where: { $0.kind == .string }) else { return self }
        var copy = self
        copy.params[index].suggestion = value
        return copy
    }
}
