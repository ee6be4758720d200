import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain

/// The *stars* screen (seed 000's repository list, made real): the GitHub
/// user's starred repositories from the local cache, at once, then brought
/// up to date in the background with progress.
///
/// Inputs: `search`, `filterLanguage`, `setSort`, `loadMore`, `refresh`,
/// `openURL`, `unstar`, `star`. Outputs: `listings`, `offset`, `total`,
/// `query`, `status`, `isRefreshing`, `progress`, `syncState`, `snapshot`.
///
/// One GitHub page load at a time: `refresh` and `loadMore` while one runs
/// are ignored, whatever the front end sends.
@MainActor
public final class StarsViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "stars"

    public private(set) var account: GitHubAccount?
    public var listings: [StarListing] { window.items }
    public var offset: Int { window.offset }
    public var total: Int { window.total }
    /// The user's whole cache (the list's `total` counts only matches).
    public private(set) var cachedCount = 0
    public private(set) var query: StarQuery
    public private(set) var status: ScreenStatus = .idle
    public private(set) var isRefreshing = false
    public private(set) var isLoadingMore = false
    /// Stars read so far by the running refresh.
    public private(set) var progress = 0
    public private(set) var syncState: StarSyncState?
    public private(set) var languages: [String] = []
    /// Whether the last refresh failed for want of a network (cache shown).
    public private(set) var offline = false

    /// Every starred repository read so far: the cache is local, so the
    /// list grows page by page and is never trimmed.
    private var window: PagedWindow<StarListing>
    let access: StarsAccess
    private let refreshMode: RefreshMode
    private let now: @Sendable () -> Date
    private var observation: ObservationToken?

    /// What opening the screen does after showing the cache.
    public enum RefreshMode: String, CaseIterable, Sendable {
        /// A conditional/incremental refresh (a full pass if a day old).
        case auto
        /// A full pass over every page.
        case full
        /// The cache only: no network.
        case none
    }

    public init(
        access: StarsAccess, search: String = "", language: String? = nil, sort: StarSort = .starred,
        reverse: Bool = false, refresh: RefreshMode = .auto, pageSize: Int = 50, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.access = access
        self.query = StarQuery(
            search: search, language: language, sort: sort, descending: sort.naturallyDescending != reverse, offset: 0,
            limit: max(1, pageSize))
        self.window = PagedWindow(pageSize: pageSize, pagesKept: nil)
        self.refreshMode = refresh
        self.now = now
    }

    public var hasMore: Bool { window.hasMore }

    // MARK: Inputs

    public override func start() async {
        // Changing the username (settings, another screen) shows that user's list.
        observation = ObservationToken(access.account.observe { [weak self] in
            guard let self else { return }
            self.launch { await self.userMayHaveChanged() }
        })
        await reopen(refresh: refreshMode)
    }

    public override func close() {
        observation?.cancel()
        observation = nil
        super.close()
    }

    public func search(_ text: String) async throws(ScreenError) {
        query.search = text
        try await reread()
    }

    public func filterLanguage(_ language: String?) async throws(ScreenError) {
        query.language = language.flatMap { $0.isEmpty ? nil : $0 }
        try await reread()
    }

    public func setSort(_ sort: StarSort, descending: Bool? = nil) async throws(ScreenError) {
        query.sort = sort
        query.descending = descending ?? sort.naturallyDescending
        try await reread()
    }

    /// Appends the next window from the cache. Ignored while one loads.
    public func loadMore() async throws(ScreenError) {
        guard !isLoadingMore, hasMore, let account else { return }
        isLoadingMore = true
        publish()
        defer {
            isLoadingMore = false
            publish()
        }
        var next = query
        next.offset = window.endOffset
        let page = try await run { try await self.access.library.store.page(user: account.user, next) }
        window.receive(page.items, at: next.offset, requested: next.offset, total: page.total, replacing: false)
        cachedCount = page.cached
    }

    /// Asks GitHub for what changed; ignored while a refresh runs.
    /// Returns at once: the refresh goes on in the background.
    public func refresh(full: Bool = false) -> Bool {
        guard !isRefreshing, let account else { return false }
        isRefreshing = true
        progress = 0
        status = .loading(full ? "Reading every starred repository…" : "Checking GitHub for new stars…")
        publish()
        launch { await self.runRefresh(account, full: full) }
        return true
    }

    /// A refresh asked for by the user: the settings are read again first
    /// (another process may have saved a user, token or server since), and
    /// a changed account opens its own list, which refreshes as opening does.
    public func refreshWithCurrentSettings(full: Bool = false) async -> Bool {
        try? await access.account.refresh()
        let before = account
        await userMayHaveChanged()
        if account?.user != before?.user || account?.apiBase != before?.apiBase || account?.token != before?.token {
            return isRefreshing || refresh(full: full)
        }
        return refresh(full: full)
    }

    /// Opens the repository's page (or hands back its URL) and marks it visited.
    public func openURL(_ id: Int64) async throws(ScreenError) -> ActionOutcome {
        guard let account else { throw ErrorPresentation.screenError(StarsError.noUser) }
        let result = try await run { try await self.access.open(id: id, account: account) }
        window.update { listings in
            if let index = listings.firstIndex(where: { $0.id == id }) { listings[index].visited = true }
        }
        status = .notice(result.opened ? "Opened \(result.url)" : "Open \(result.url)")
        publish()
        return ActionOutcome(openURL: result.url, urlOpened: result.opened)
    }

    public func unstar(_ id: Int64) async throws(ScreenError) {
        guard let listing = listings.first(where: { $0.id == id }) else {
            throw ErrorPresentation.screenError(StarsError.notStarred("#\(id)"))
        }
        try await unstar(fullName: listing.repository.fullName)
    }

    /// By name, as `star` takes it: the repository need not be on a loaded
    /// page (GitHub answers for a repository that was not starred).
    public func unstar(fullName name: String) async throws(ScreenError) {
        guard let account else { throw ErrorPresentation.screenError(StarsError.noUser) }
        try await run { try await self.access.library.setStarred(false, fullName: name, account: account) }
        try await reread(keepingRows: true)
        status = .notice("Unstarred \(name).")
        publish()
    }

    public func star(_ fullName: String) async throws(ScreenError) {
        guard let account else { throw ErrorPresentation.screenError(StarsError.noUser) }
        guard !isRefreshing else { throw .invalidParams("A refresh is running; star again when it ends.", code: "stars.busy") }
        isRefreshing = true
        defer { isRefreshing = false }
        try await run { try await self.access.library.setStarred(true, fullName: fullName, account: account) }
        try await reread(keepingRows: true)
        status = .notice("Starred \(fullName).")
        publish()
    }

    /// The cache as another process left it (stars synced or a repository
    /// opened elsewhere): the loaded rows again, no request to GitHub. A
    /// user changed elsewhere opens that user's list, as a change here does;
    /// a refresh that is running reads the cache itself when it ends.
    public override func readStoreAgain() async -> Bool {
        let before = account
        await userMayHaveChanged()
        guard let account, account.user == before?.user, !isRefreshing else { return true }
        try? await reread(keepingRows: true)
        return true
    }

    // MARK: Work

    private func reopen(refresh mode: RefreshMode) async {
        do {
            account = try await access.current()
        } catch {
            account = nil
            window.clear()
            status = .error(ErrorPresentation.screenError(error))
            publish()
            return
        }
        guard account != nil else {
            window.clear()
            status = .error(ErrorPresentation.screenError(StarsError.noUser))
            publish()
            return
        }
        do {
            try await reread()
            status = .idle
        } catch {
            status = .error(error)
        }
        publish()
        if mode != .none { _ = refresh(full: mode == .full) }
    }

    private func userMayHaveChanged() async {
        let previous = account
        let current = try? await access.current()
        guard current?.user != previous?.user || current?.apiBase != previous?.apiBase || current?.token != previous?.token
        else { account = current; return }
        offline = false
        await reopen(refresh: refreshMode)
    }

    private func runRefresh(_ account: GitHubAccount, full: Bool) async {
        do {
            let outcome = try await access.library.refresh(account, full: full) { count in
                await MainActor.run {
                    self.progress = count
                    self.status = .loading("Reading starred repositories… \(Formatters.grouped(count)) so far")
                    self.publish()
                }
            }
            offline = false
            isRefreshing = false
            try? await reread(keepingRows: true)
            status = outcome.notModified || outcome.added == 0 ? .idle
                : .notice("\(Formatters.count(outcome.added, "new star")) from GitHub.")
            // A full pass read every star (`added`); `total` is only what the search shows.
            if outcome.full, !outcome.notModified {
                status = .notice("Read \(Formatters.count(outcome.added, "starred repository", "starred repositories")) from GitHub.")
            }
        } catch {
            isRefreshing = false
            offline = error.isOffline
            try? await reread(keepingRows: true)
            status = presented(error)
        }
        publish()
    }

    /// The screen's words for a refresh failure. Offline with a cache is not
    /// a failure: the cached list is the answer, with a warning saying how
    /// old it is. Offline with nothing cached has nothing to show: an error.
    private func presented(_ error: StarsError) -> ScreenStatus {
        guard error.isOffline else { return .error(ErrorPresentation.screenError(error)) }
        guard let fetched = syncState?.fetchedAt else {
            return .error(.failed("GitHub unreachable and nothing is cached yet. \(error.message)", code: error.code))
        }
        let message = CacheAge.unreachable("GitHub", fetchedAt: fetched, now: now()) + " " + error.message
        return ScreenStatus(kind: .warning, message: message, code: error.code)
    }

    /// Reads the first window again with the current query (and the sync state).
    ///
    /// `keepingRows`: the query is the same (a refresh, a star or unstar),
    /// so every row loaded so far is read again, not only the first page:
    /// the cursor of a front end that loaded far down the list stays there.
    private func reread(keepingRows: Bool = false) async throws(ScreenError) {
        guard let account else { return }
        var first = query
        first.offset = 0
        if keepingRows { first.limit = max(query.limit, window.items.count) }
        let (page, state, languages) = try await run {
            let store = self.access.library.store
            return (try await store.page(user: account.user, first), try await store.syncState(user: account.user),
                    try await store.languages(user: account.user))
        }
        window.receive(page.items, at: 0, requested: 0, total: page.total, replacing: true)
        cachedCount = page.cached
        syncState = state
        self.languages = languages
        publish()
    }

    private func run<T>(_ body: () async throws -> T) async throws(ScreenError) -> T {
        do {
            return try await body()
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    // MARK: Screen contract

    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Repository", kind: .item, positional: true)
    public static let filterAction = ScreenAction<StarsViewModel>(
        StandardAction.filter, key: StandardKey.filter, label: "Search", summary: "Full-text search over name, description and topics.",
        effect: .view, params: [ParamDescriptor(name: StandardParam.text, label: "Words (empty for all)", positional: true)],
        unavailable: { $0.noUser }
    ) { model, arguments throws(ScreenError) in
        try await model.search(arguments.string(StandardParam.text) ?? "")
        return .done
    }
    public static let languageAction = ScreenAction<StarsViewModel>(
        "language", key: "l", label: "Language", summary: "Show only repositories in one language (empty for all).", effect: .view,
        params: [ParamDescriptor(name: "language", label: "Language (empty for all)", positional: true)],
        unavailable: { $0.noUser }
    ) { model, arguments throws(ScreenError) in
        try await model.filterLanguage(arguments.string("language"))
        return .done
    }
    public static let sortAction = ScreenAction<StarsViewModel>(
        StandardAction.sort, key: "s", label: "Sort",
        summary: "Order by starred date, stars, last push, name or language; --reverse the other way round.", effect: .view,
        params: ListGrammar.sortParams(columns: StarsRows.columns), unavailable: { $0.noUser }
    ) { model, arguments throws(ScreenError) in
        let sort = StarSort(rawValue: try arguments.require(StandardParam.by)) ?? .starred
        try await model.setSort(sort, descending: ListGrammar.descending(arguments, natural: sort.naturallyDescending))
        return .done
    }
    public static let loadMoreAction = ScreenAction<StarsViewModel>(
        StandardAction.loadMore, key: "m", label: "Load more", summary: "Show the next cached repositories.", effect: .view,
        unavailable: { $0.noUser ?? ($0.isLoadingMore ? "A page is loading." : $0.hasMore ? nil : "Everything is shown.") }
    ) { model, _ throws(ScreenError) in
        try await model.loadMore()
        return .done
    }
    /// An incremental refresh turns into a full pass when the cache is a
    /// day old, which drops the stars removed on GitHub: it replaces.
    public static let reloadAction = ScreenAction<StarsViewModel>(
        StandardAction.reload, key: "r", label: "Refresh", summary: "Ask GitHub for new stars (one request if nothing changed).",
        effect: .replaces, reachesNetwork: true, unavailable: { $0.noUser ?? $0.busy }
    ) { model, _ in await model.refreshWithCurrentSettings() ? .started : .done }
    public static let fullRefreshAction = ScreenAction<StarsViewModel>(
        "refresh-all", key: "R", label: "Full refresh", summary: "Read every page from GitHub (catches unstars).",
        effect: .replaces, reachesNetwork: true, unavailable: { $0.noUser ?? $0.busy }
    ) { model, _ in await model.refreshWithCurrentSettings(full: true) ? .started : .done }
    /// Stores a visited mark besides handing the URL to a browser, so it
    /// changes stored data (the effect walk sees the mark written).
    public static let openURLAction = ScreenAction<StarsViewModel>(
        StandardAction.openURL, key: "o", label: "Open in browser", summary: "Open the repository's page and mark it visited.",
        effect: .changes, params: [itemParam], unavailable: { $0.noUser ?? $0.empty }
    ) { model, arguments throws(ScreenError) in
        // Every item is an id from the list or `owner/name` (see `StarItem`).
        try await model.openURL(try await model.cached(arguments.require(StandardParam.item)).id)
    }
    public static let openAction = ScreenAction<StarsViewModel>(
        StandardAction.open, key: StandardKey.enter, label: "Details", summary: "Show everything known about the repository.",
        effect: .view, params: [itemParam], unavailable: { $0.noUser ?? $0.empty }
    ) { model, arguments throws(ScreenError) in
        let listing = try await model.cached(arguments.require(StandardParam.item))
        return ActionOutcome(navigate: ScreenRequest(
            screen: RepositoryViewModel.screenID, params: ["name": .string(listing.repository.fullName)]))
    }
    public static let starAction = ScreenAction<StarsViewModel>(
        "star", key: "S", label: "Star", summary: "Star a repository on GitHub (needs a token).", effect: .adds, reachesNetwork: true,
        params: [ParamDescriptor(name: "repository", label: "Repository (owner/name, or an id from the list)", positional: true)],
        unavailable: { $0.noUser ?? $0.needsToken ?? $0.busy }
    ) { model, arguments throws(ScreenError) in
        try await model.star(try await model.fullName(arguments.require("repository")))
        return .done
    }
    public static let unstarAction = ScreenAction<StarsViewModel>(
        "unstar", key: "U", label: "Unstar", summary: "Remove the star on GitHub (needs a token).", effect: .destroys,
        reachesNetwork: true, params: [itemParam], unavailable: { $0.noUser ?? $0.needsToken ?? $0.empty }
    ) { model, arguments throws(ScreenError) in
        try await model.unstar(fullName: try await model.fullName(arguments.require(StandardParam.item)))
        return .done
    }
    public static let settingsAction = ScreenAction<StarsViewModel>(
        "settings", key: ",", label: "Settings", summary: "Set the GitHub username (and token) in settings.", effect: .view
    ) { _, _ in ActionOutcome(navigate: ScreenRequest(screen: "settings")) }

    public static let actions = [
        filterAction, languageAction, sortAction, loadMoreAction, reloadAction, fullRefreshAction, openURLAction,
        openAction, starAction, unstarAction, settingsAction,
    ]

    /// Why nothing can be done yet: no GitHub user is set.
    var noUser: String? { account == nil ? StarsError.noUser.message : nil }
    var busy: String? { isRefreshing ? "A refresh is running." : nil }
    var empty: String? { listings.isEmpty ? "No starred repository to act on." : nil }
    var needsToken: String? { account?.token == nil ? "Starring needs a GitHub token (settings: github-token)." : nil }

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Starred repositories",
        summary: "The GitHub user's starred repositories: cached, searchable, refreshed from GitHub.",
        params: [
        ] + ListGrammar.screenParams(
            columns: StarsRows.columns, filterLabel: "Search words (name, description, topics; case ignored)"
        ) + [
            ParamDescriptor(name: "search", label: "The same as --filter", required: false),
            ParamDescriptor(name: "language", label: "Language (case ignored)", required: false),
            ParamDescriptor(name: "refresh", label: "Refresh on open", kind: .choice, required: false,
                            choices: RefreshMode.allCases.map(\.rawValue))
                .keepingStoredData(with: .string(RefreshMode.none.rawValue)),
        ],
        actions: actionDescriptors,
        columns: StarsRows.columns,
        examples: [
            "facet stars",
            "facet stars --filter parsing --sort stars",
            "facet stars --language go --sort pushed_at --reverse",
            "facet stars --language Swift --fields id,full_name,stars",
            "facet stars --refresh none open-url 1000001",
            "facet stars --refresh none open-url owner1/project-00001",
        ])

    public override var snapshot: ScreenSnapshot {
        let hasUser = account != nil
        let items = listings.map(StarsRows.item)
        return ScreenSnapshot(
            screen: Self.screenID, title: account.map { "Stars of \($0.user)" } ?? "Starred repositories", status: status,
            content: ScreenContent(
                detail: account.map { DetailContent(rows: summaryRows($0)) },
                list: hasUser ? ListContent(
                    items: items, offset: offset, total: total, hasMore: hasMore, loadingMore: isLoadingMore,
                    filter: query.search, sort: query.sort.rawValue, sortDescending: query.descending,
                    columns: StarsRows.columns,
                    emptyMessage: emptyMessage) : nil),
            actions: availableActions)
    }

    private var emptyMessage: String {
        if !query.search.isEmpty { return "No starred repository matches \"\(query.search)\"." }
        if let language = query.language { return "No starred repository in \(language)." }
        return isRefreshing ? "Reading starred repositories from GitHub…" : "No starred repositories cached yet."
    }

    private func summaryRows(_ account: GitHubAccount) -> [DetailRow] {
        var rows = [
            DetailRow("GitHub user", account.user, id: "user"),
            DetailRow("Cached", Formatters.grouped(cachedCount), id: "total", data: .int(cachedCount), type: .integer),
        ]
        if let fetched = syncState?.fetchedAt {
            let text = (offline ? "offline, fetched " : "") + StarsRows.age(fetched, now: now())
            rows.append(DetailRow("Fetched", text, id: "fetched_at", data: StarsRows.iso(fetched), type: .datetime))
        } else {
            rows.append(DetailRow("Fetched", "never", id: "fetched_at", data: .null, type: .datetime))
        }
        if let rate = syncState?.rateLimit {
            let reset = rate.resetAt.map { ", resets at \(HTTPTime.clock($0))" } ?? ""
            rows.append(DetailRow(
                "Rate limit", "\(Formatters.grouped(rate.remaining)) of \(Formatters.grouped(rate.limit)) left\(reset)",
                id: "rate_remaining", data: .int(rate.remaining), type: .integer))
        }
        if let language = query.language { rows.append(DetailRow("Language", language, id: "language")) }
        return rows
    }

    /// The cached repository an item names: an id from the list or `owner/name`.
    func cached(_ text: String) async throws(ScreenError) -> StarListing {
        guard let account else { throw ErrorPresentation.screenError(StarsError.noUser) }
        let item = try StarItem(text)
        let store = access.library.store
        let found = try await run { () async throws -> StarListing? in
            switch item {
            case .id(let id): try await store.repository(id: id, user: account.user)
            case .fullName(let name): try await store.repository(fullName: name, user: account.user)
            }
        }
        guard let found else { throw ErrorPresentation.screenError(StarsError.notStarred(item.description)) }
        return found
    }

    /// The `owner/name` an item names. `owner/name` is taken as typed (GitHub
    /// answers for a repository that is not cached); an id must be cached.
    func fullName(_ text: String) async throws(ScreenError) -> String {
        if case .fullName(let name) = try StarItem(text) { return name }
        return try await cached(text).repository.fullName
    }
}
