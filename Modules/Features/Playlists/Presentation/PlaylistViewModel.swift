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
public final class PlaylistViewModel: ScreenModel, DeclaredScreen {
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
    /// The music engine `play` and `enqueue` reach; nil where none is wired.
    let player: (@MainActor () -> any MusicPlayer)?
    /// The process's picture cache, for covers; nil where not wired (unit tests).
    let pictures: (any PictureSource)?
    private var startPage: Int
    /// The change `undo` would revert, read with the playlist.
    private var undoable: PlaylistChange?

    public init(
        library: PlaylistLibrary, name: String, filter: String = "", sort: SongSort = .position, reverse: Bool = false,
        page: Int = 1, pageSize: Int = 50, player: (@MainActor () -> any MusicPlayer)? = nil,
        pictures: (any PictureSource)? = nil
    ) {
        self.library = library
        self.player = player
        self.pictures = pictures
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
            status = .error(await suggestingName(ErrorPresentation.screenError(error), for: error))
        }
        publish()
    }

    /// A playlist that is not there names the closest one that is
    /// (`sampel` → "Sample"), as a mistyped screen or action does.
    private func suggestingName(_ screenError: ScreenError, for error: any Error) async -> ScreenError {
        guard case PlaylistError.notFound = error, let playlists = try? await library.playlists(),
              let closest = Suggestion.closest(to: requestedName, in: playlists.map(\.name))
        else { return screenError }
        var suggesting = screenError
        suggesting.message += " Did you mean \"\(closest)\"?"
        return suggesting
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

    /// The song at `position` (1-based, the playlist's own order): from the
    /// window when it is there, else read.
    func song(at position: Int) async throws(ScreenError) -> Song {
        if let entry = entries.first(where: { $0.position == position }) { return entry.song }
        let playlist = try presentPlaylist()
        do {
            guard position >= 1, position <= playlist.songCount else {
                throw PlaylistError.invalidPosition(position, count: playlist.songCount)
            }
            let page = try await library.songs(in: playlist, SongQuery(offset: position - 1, limit: 1))
            if let entry = page.entries.first(where: { $0.position == position }) { return entry.song }
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        throw .notFound("No song at position \(position).", code: "playlist.no_such_position")
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

    /// Hands the whole playlist to the music engine: in place of its queue,
    /// playing from `position`, or appended to it. Songs the engine refuses
    /// are named in a warning notice; the others play.
    public func sendToPlayer(replacing: Bool, startAt position: Int?) async throws(ScreenError) {
        guard let makePlayer = player else { throw .failed("No music player is wired into this Facet.", code: "player.none") }
        let engine = makePlayer()
        try await run {
            let playlist = try self.requirePlaylist()
            let report = try await self.library.send(playlist, to: engine, replacing: replacing, startAt: position)
            let verb = replacing ? "Playing" : "Queued"
            var text = "\(verb) \(Formatters.count(report.added, "song")) of \"\(playlist.name)\" on MPD at \(engine.address)."
            if let refused = report.refusedSummary {
                self.status = .warning(text + " " + refused)
            } else {
                self.status = .notice(text)
            }
        }
        publish()
    }

    /// Saves the playlist as MPD's stored playlist `name` (its own name by default).
    public func saveToPlayer(as name: String?) async throws(ScreenError) {
        guard let makePlayer = player else { throw .failed("No music player is wired into this Facet.", code: "player.none") }
        let engine = makePlayer()
        try await run {
            let playlist = try self.requirePlaylist()
            let target = (name?.isEmpty ?? true) ? playlist.name : name!
            let report = try await engine.saveStoredPlaylist(target, try await self.library.songReferences(of: playlist))
            var text = "Saved \(Formatters.count(report.added, "song")) to MPD's playlist \"\(target)\"."
            if let refused = report.refusedSummary {
                self.status = .warning(text + " " + refused)
            } else {
                self.status = .notice(text)
            }
        }
        publish()
    }

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
        try await bringIntoView(first)
        return first
    }

    /// Loads the page holding the song at `position` when the loaded rows
    /// do not reach it, so a front end can put its cursor there. Only in
    /// playlist order: sorted or filtered, a song's row is not at its
    /// position, and the rows stay as they are.
    private func bringIntoView(_ position: Int) async throws(ScreenError) {
        if sort == .position, !descending, filter.isEmpty, !(offset..<(offset + entries.count)).contains(position - 1) {
            try await refetch(from: (position - 1) / pageSize * pageSize)
        }
    }

    /// Reverts the last journalled change of this playlist: the position
    /// of the first song it put back (removed or moved songs return to the
    /// places they were taken from), loaded so a cursor can go there; nil
    /// when it put back no song (a rename).
    @discardableResult
    public func undo() async throws(ScreenError) -> Int? {
        var positions: [Int] = []
        try await run {
            let (change, restored) = try await self.library.undo(try self.requirePlaylist())
            self.playlist = restored
            self.status = .notice(PlaylistUndoText.done(change))
            if change.kind == .remove || change.kind == .move { positions = change.positions }
        }
        try await refreshPlaylist()
        guard let first = positions.min() else { return nil }
        try await bringIntoView(first)
        return first
    }

    /// `Remove “Song” (position 3) from playlist "Sample"?`: names the
    /// playlist and the song (or how many) exactly.
    func removeQuestion(_ arguments: ActionArguments) async throws(ScreenError) -> String? {
        let playlist = try presentPlaylist()
        let positions = try Self.positions(arguments)
        if positions.count > 1 { return "Remove \(positions.count) songs from playlist \"\(playlist.name)\"?" }
        let position = try Self.position(arguments)
        guard (1...max(1, playlist.songCount)).contains(position), playlist.songCount > 0 else {
            throw .notFound(
                "\"\(playlist.name)\" has no song at position \(position) (it holds \(Formatters.count(playlist.songCount, "song"))).",
                code: "playlist.no_such_song")
        }
        let name = await songName(at: position, in: playlist)
        return "Remove \(name) (position \(position)) from playlist \"\(playlist.name)\"?"
    }

    /// Names the file an export would replace and its size; nil when the
    /// file does not exist yet (nothing to ask).
    func exportQuestion(_ arguments: ActionArguments) async throws(ScreenError) -> String? {
        let playlist = try presentPlaylist()
        let target = library.exportTarget(try arguments.require("file"))
        guard let bytes = target.replacing else { return nil }
        return "Replace \(target.file) (\(Formatters.count(Int(bytes), "byte"))) with playlist \"\(playlist.name)\"?"
    }

    /// The playlist a question names: the one shown, or not found.
    func presentPlaylist() throws(ScreenError) -> PlaylistSummary {
        guard let playlist else { throw ErrorPresentation.screenError(PlaylistError.notFound(requestedName)) }
        return playlist
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

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Playlist", summary: "One playlist's songs: filter, sort, page, edit.",
        params: [
            ParamDescriptor(name: "name", label: "Playlist name", positional: true).values(from: ValueSource(screen: "playlists")),
        ] + ListGrammar.screenParams(
            columns: SongRow.columns, filterLabel: "Only songs whose title or artist contains this text"
        ) + [
            ParamDescriptor(name: "page", label: "Page number", kind: .int, required: false, minimum: 1),
        ],
        actions: actionDescriptors, topLevel: false, columns: SongRow.columns,
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
            "facet playlist Sample play 3",
            "facet playlist Sample enqueue",
            "facet playlist Sample save-to-mpd Favourites --yes",
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

    // Why actions are unavailable, most fundamental first.
    var missing: String? { playlist == nil ? "No playlist named \"\(requestedName)\"" : nil }
    var busy: String? { status.isLoading ? "The playlist is loading" : nil }
    var paging: String? { isLoadingMore ? "A page is loading" : nil }
    var noSongs: String? {
        entries.isEmpty ? (filter.isEmpty ? "the playlist has no songs" : "no song matches the filter") : nil
    }
    var hasUndo: Bool { undoable != nil }
    var noPlayer: String? { player == nil ? "No music player is wired into this Facet" : nil }

    public override var snapshot: ScreenSnapshot {
        let empty = filter.isEmpty ? "This playlist has no songs." : "No song matches \"\(filter)\"."
        return ScreenSnapshot(
            screen: Self.screenID, title: playlist?.name ?? requestedName, status: status,
            content: ScreenContent(
                detail: detailRows.map(DetailContent.init(rows:)),
                list: ListContent(
                    items: entries.map(SongRow.item), offset: offset, total: total, hasMore: hasMore,
                    loadingMore: isLoadingMore, filter: filter, sort: sort.rawValue, sortDescending: descending,
                    columns: SongRow.columns, emptyMessage: empty)),
            actions: availableActions.map { $0.name == Self.renameAction.name ? $0.suggesting(playlist?.name) : $0 })
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
