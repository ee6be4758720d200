import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import ScreenKit

/// The *photos* screen (seed 003, made real): the cached photo list as a
/// table of id, album, title and the two URLs, paged from the cache,
/// filtered by album or title text, sorted or grouped by album.
///
/// Opening shows the cache at once with how old it is, then refreshes from
/// the API in the background; a failed refresh keeps the cached list and
/// shows the error. The title follows seed 003's rules exactly (see
/// `PhotoRules`): "Photos" when opened, the selected photo's title after
/// `select`, "Photos" again at the start of every `reload`.
///
/// Holds a window of at most `windowLimit` photos, never the whole list
/// (a `PagedWindow`).
///
/// Inputs: `select`, `reload`, `setFilter`, `setAlbum`, `setSort`,
/// `loadMore`, `loadPrevious`, `showPage`, `openURL`.
/// Outputs: `title`, `photos`, `offset`, `total`, `cache`, `selectedID`,
/// `status`, `isRefreshing`, and the derived `snapshot`.
@MainActor
public final class PhotosViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "photos"

    public private(set) var title = PhotoRules.defaultTitle
    public var photos: [Photo] { window.items }
    public var offset: Int { window.offset }
    public var total: Int { window.total }
    public private(set) var text: String
    public private(set) var album: Int?
    public private(set) var sort: PhotoSort
    /// The order the other way round (see `ListGrammar`).
    public private(set) var descending: Bool
    /// What the cache holds (nil: nothing fetched yet).
    public private(set) var cache: PhotoCacheInfo?
    public private(set) var selectedID: Int?
    public private(set) var status: ScreenStatus = .idle
    public private(set) var isRefreshing = false
    public var isLoadingMore: Bool { pages.isLoadingMore }
    /// How the last refresh failed; nil after a good one.
    public private(set) var refreshError: ScreenError?
    public var pageSize: Int { window.pageSize }
    public var windowLimit: Int { window.limit ?? .max }
    public let offline: Bool
    private var window: PagedWindow<Photo> { pages.window }
    private lazy var pages = PagedList<Photo>(
        pageSize: initialPageSize, read: { [unowned self] offset, limit in try await self.readPage(offset: offset, limit: limit) },
        changed: { [unowned self] in self.publish() })
    private let initialPageSize: Int

    let catalog: PhotoCatalog
    private let baseURL: @MainActor () -> String
    /// Reads the settings again before a fetch, so a `photos-base-url`
    /// saved by another process is the one fetched from.
    private let readSettings: @MainActor () async -> Void
    private let opener: (@Sendable (String) async throws -> Bool)?
    /// The process's picture cache, for thumbnails; nil where not wired (unit tests).
    let pictures: (any PictureSource)?
    private var startPage: Int
    private var refreshing: Task<Void, Never>?

    /// - Parameters:
    ///   - baseURL: read at each refresh, so a changed setting applies to the next one.
    ///   - readSettings: awaited before each fetch, before `baseURL` is read.
    ///   - opener: opens a photo's image URL; nil leaves it to the front end (the URL is in the outcome).
    ///   - offline: show the cache without refreshing when opened (`reload` still fetches).
    public init(
        catalog: PhotoCatalog, baseURL: @escaping @MainActor () -> String,
        readSettings: @escaping @MainActor () async -> Void = {}, opener: (@Sendable (String) async throws -> Bool)? = nil,
        album: Int? = nil, text: String = "", sort: PhotoSort = .id, reverse: Bool = false, page: Int = 1,
        pageSize: Int = 50, offline: Bool = false, pictures: (any PictureSource)? = nil
    ) {
        self.pictures = pictures
        self.descending = reverse
        self.catalog = catalog
        self.baseURL = baseURL
        self.readSettings = readSettings
        self.opener = opener
        self.album = album
        self.text = text
        self.sort = sort
        self.startPage = max(1, page)
        self.initialPageSize = pageSize
        self.offline = offline
    }

    public var hasMore: Bool { window.hasMore }
    public var currentPage: Int { window.currentPage }
    public var pageCount: Int { window.pageCount }
    /// The page the loaded rows reach (after "more" or End, not the first).
    public var lastLoadedPage: Int { window.lastLoadedPage }
    var pagesShown: String { window.pagesShown }

    // MARK: Inputs

    /// Shows the cache at once, then refreshes in the background (unless offline).
    public override func start() async {
        do {
            cache = try await catalog.cacheInfo()
            try await pages.load(from: window.offset(ofPage: startPage))
        } catch {
            status = .error(PhotoFormat.screenError(error))
            publish()
            return
        }
        if startPage > pageCount, cache != nil {
            // Asked for a page the cache does not have: say so rather than show another.
            status = .error(Self.noSuchPage(startPage, of: pageCount))
            publish()
            return
        }
        publish()
        if offline {
            if cache == nil { status = .notice("No photos are cached yet; open without --offline (or reload) to fetch them.") }
            publish()
        } else {
            refresh()
        }
    }

    /// Seed 003's selection rule: the screen's title becomes the photo's title.
    public func select(id: Int) async throws(ScreenError) {
        let photo = try await photo(id: id)
        title = PhotoRules.title(selecting: photo)
        selectedID = photo.id
        publish()
    }

    /// Seed 003's reload rule: the title goes back to the default first, then
    /// the list is fetched. Throws the fetch's error (the cached list stays).
    public func reload() async throws(ScreenError) {
        title = PhotoRules.titleOnReload()
        selectedID = nil
        // One snapshot shows the reset title with the fetch running: never
        // the reset title beside the previous fetch's notice, which reads
        // as if the reload had already finished.
        let running = refresh()
        publish()
        await running.value
        if let refreshError { throw refreshError }
    }

    public func setFilter(_ newText: String) async throws(ScreenError) {
        text = newText
        try await refetch(from: 0)
    }

    public func setAlbum(_ newAlbum: Int?) async throws(ScreenError) {
        album = newAlbum
        try await refetch(from: 0)
    }

    public func setSort(_ newSort: PhotoSort, descending: Bool = false) async throws(ScreenError) {
        sort = newSort
        self.descending = descending
        try await refetch(from: 0)
    }

    /// Appends the next page. Ignored while a page is loading or at the end.
    public func loadMore() async throws(ScreenError) {
        try await run { try await self.pages.loadMore() }
    }

    /// Prepends the page before the window. Ignored while loading or at the top.
    public func loadPrevious() async throws(ScreenError) {
        try await run { try await self.pages.loadPrevious() }
    }

    /// Shows the rows from `offset` (0-based in the whole list): a scroll
    /// bar dragged far away lands there in one read.
    public func scroll(to offset: Int) async throws(ScreenError) {
        guard offset >= 0 else { throw .invalidParams("'offset' must be 0 or more", code: "photos.invalid_offset") }
        try await run { try await self.pages.scroll(to: offset) }
        publish()
    }

    public func showPage(_ number: Int) async throws(ScreenError) {
        guard number >= 1, number <= pageCount else { throw Self.noSuchPage(number, of: pageCount) }
        try await refetch(from: window.offset(ofPage: number))
    }

    /// Opens a photo's image in the browser (through the opener port) and
    /// returns the URL in the outcome, with whether a browser was started.
    /// The image itself is never fetched here.
    public func openURL(id: Int) async throws(ScreenError) -> ActionOutcome {
        let photo = try await photo(id: id)
        var opened: Bool?
        if let opener {
            do { opened = try await opener(photo.url) } catch { throw PhotoFormat.screenError(error) }
        }
        return ActionOutcome(openURL: photo.url, urlOpened: opened)
    }

    public override func close() {
        refreshing = nil
        super.close()
    }

    // MARK: Screen contract (built in PhotosViewModel+Screen.swift)

    public override var snapshot: ScreenSnapshot { screenSnapshot }

    // MARK: Work

    /// The cache as another process left it (photos fetched elsewhere): the
    /// loaded rows again with this screen's album, filter and sort, no
    /// request to the server. A fetch that is running reads it when it ends.
    public override func readStoreAgain() async -> Bool {
        guard !isRefreshing else { return true }
        do {
            cache = try await catalog.cacheInfo()
            try await pages.reload()
        } catch {
            // What is shown stays; the next commit or reload tries again.
            return true
        }
        publish()
        return true
    }

    /// Starts a refresh, or joins the one already running: one fetch at a time.
    @discardableResult
    private func refresh() -> Task<Void, Never> {
        if let refreshing { return refreshing }
        isRefreshing = true
        status = .loading(refreshMessage)
        publish()
        let task = launch { [weak self] in await self?.performRefresh() }
        refreshing = task
        return task
    }

    private func performRefresh() async {
        await readSettings()
        let url = baseURL()
        status = .loading(refreshMessage)
        publish()
        do {
            let fetched = try await catalog.refresh(baseURL: url)
            cache = fetched
            refreshError = nil
            try await pages.reload()
            status = .notice("Fetched \(Formatters.count(fetched.count, "photo")).")
        } catch {
            let failure = PhotoFormat.screenError(error)
            refreshError = failure
            status = unreachableStatus(error, failure) ?? .error(failure)
        }
        isRefreshing = false
        refreshing = nil
        publish()
    }

    /// A server that cannot be reached is not a failure when a cache exists:
    /// the cached list is the answer, with a warning saying how old it is.
    /// (An explicit `reload` still fails: that asked for fresh photos.)
    /// A server that answered wrongly stays an error: the address is wrong.
    private func unreachableStatus(_ error: any Error, _ failure: ScreenError) -> ScreenStatus? {
        guard let cache, let photoError = error as? PhotoError else { return nil }
        switch photoError {
        case .connectionRefused, .network: break
        default: return nil
        }
        let host = URL(string: baseURL())?.host.map { "Photos server " + TerminalText.sanitize($0) } ?? "Photos server"
        let message = CacheAge.unreachable(host, fetchedAt: cache.fetchedAt, now: catalog.now())
            + (earlierSource.map { " It was fetched from \($0), " + Self.earlierSetting + "." } ?? "") + " " + failure.message
        return ScreenStatus(kind: .warning, message: message, code: failure.code)
    }

    private var refreshMessage: String {
        let from = TerminalText.sanitize(baseURL())
        guard let cache else { return "Loading photos from \(from)…" }
        let elsewhere = earlierSource.map { " from \($0)" } ?? ""
        return "Refreshing photos from \(from)… (showing the list fetched \(PhotoFormat.age(cache.fetchedAt, now: catalog.now()))\(elsewhere))"
    }

    /// Where the cache shown came from, when that is not the server the
    /// setting names now: a changed `photos-base-url` keeps the old server's
    /// list until a fetch from the new one succeeds, and every line about
    /// that list says whose it is.
    var earlierSource: String? {
        guard let cache, cache.source != baseURL() else { return nil }
        return TerminalText.sanitize(cache.source)
    }

    static let earlierSetting = "an earlier photos-base-url"

    /// A photo's thumbnail through the picture cache (the web's thumbnail
    /// column, the TUI's picture beside the list).
    public func thumbnail(id: Int) async throws(ScreenError) -> ActionOutcome {
        guard let pictures else { throw PicturePresentation.notWired }
        let photo = try await photo(id: id)
        do {
            return PicturePresentation.outcome(try await pictures.picture(at: photo.thumbnailUrl))
        } catch {
            throw PicturePresentation.screenError(error)
        }
    }

    func photo(id: Int) async throws(ScreenError) -> Photo {
        if let shown = photos.first(where: { $0.id == id }) { return shown }
        do { return try await catalog.photo(id: id) } catch { throw PhotoFormat.screenError(error) }
    }

    private func query(offset: Int, limit: Int) -> PhotoQuery {
        PhotoQuery(album: album, text: text, sort: sort, descending: descending, offset: offset, limit: limit)
    }

    private func refetch(from newOffset: Int) async throws(ScreenError) {
        try await run { try await self.pages.load(from: newOffset) }
        publish()
    }

    /// One page of the cached list with the screen's album, filter and sort.
    func readPage(offset: Int, limit: Int) async throws -> PagedList<Photo>.Page {
        let page = try await catalog.page(query(offset: offset, limit: limit))
        return (page.photos, page.offset, page.total)
    }

    /// Runs a read, turning failures into a `ScreenError` for the caller
    /// while the screen keeps its last good state.
    private func run(_ body: () async throws -> Void) async throws(ScreenError) {
        do {
            try await body()
        } catch {
            throw PhotoFormat.screenError(error)
        }
    }

    static func noSuchPage(_ number: Int, of count: Int) -> ScreenError {
        .invalidParams("Page \(number) does not exist (1…\(count)).", code: "photos.invalid_page")
    }
}
