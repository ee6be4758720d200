/// A list screen's rows as it reads them, one page at a time: the window
/// (`PagedWindow`), whether a page is being read, and the reads themselves.
///
/// Every paged screen reads the same way: a new query replaces the window,
/// "more" and "previous" add a page at one end unless one is being read
/// already, and a list that shrank under the window shows its last page.
/// The screen supplies only how a page is read with its current query.
@MainActor
public final class PagedList<Row> {
    /// One page as the store answered: the rows, where they start, and how
    /// many the whole list has.
    public typealias Page = (rows: [Row], offset: Int, total: Int)

    public private(set) var window: PagedWindow<Row>
    /// A "more" or "previous" page is being read (the screen shows it).
    public private(set) var isLoadingMore = false
    private let read: (_ offset: Int, _ limit: Int) async throws -> Page
    private let changed: () -> Void

    /// - Parameter read: reads `limit` rows at `offset` with the screen's
    ///   current query.
    /// - Parameter changed: called when `isLoadingMore` changes, so the
    ///   screen publishes it.
    public init(
        pageSize: Int, pagesKept: Int? = 10, read: @escaping (_ offset: Int, _ limit: Int) async throws -> Page,
        changed: @escaping () -> Void
    ) {
        window = PagedWindow(pageSize: pageSize, pagesKept: pagesKept)
        self.read = read
        self.changed = changed
    }

    /// Replaces the window with the page at `offset`, or with the last page
    /// when the list no longer reaches that far.
    public func load(from offset: Int) async throws {
        let page = try await read(offset, window.pageSize)
        if window.receive(page.rows, at: page.offset, requested: offset, total: page.total, replacing: true) {
            try await load(from: window.lastPageOffset)
        }
    }

    /// Reads the rows the window holds again, as many as it holds (at least
    /// a page) from where it starts: a screen read again (coming back to a
    /// tab, back from a screen it opened, `reload`) keeps every row loaded
    /// so far, so a cursor on any of them stays where it was. A list that
    /// shrank under the window shows its last page.
    public func reload() async throws {
        let start = window.offset
        let page = try await read(start, max(window.pageSize, window.items.count))
        if window.receive(page.rows, at: page.offset, requested: start, total: page.total, replacing: true) {
            try await load(from: window.lastPageOffset)
        }
    }

    /// Replaces the window with the page holding row `offset` and the page
    /// after it, so a view scrolled to any row finds it and what follows in
    /// one read; a list that ends sooner shows its last page. Page-aligned,
    /// so "more" and "previous" continue it as they continue any window.
    public func scroll(to offset: Int) async throws {
        let total = window.total
        let row = max(0, total > 0 ? min(offset, total - 1) : offset)
        let start = row / window.pageSize * window.pageSize
        let page = try await read(start, window.pageSize * 2)
        if window.receive(page.rows, at: page.offset, requested: start, total: page.total, replacing: true) {
            try await load(from: window.lastPageOffset)
        }
    }

    /// Appends the next page. Ignored while a page is loading or at the end.
    public func loadMore() async throws {
        guard !isLoadingMore, window.hasMore else { return }
        try await whileLoadingMore {
            let requested = window.endOffset
            let page = try await read(requested, window.pageSize)
            if window.receive(page.rows, at: page.offset, requested: requested, total: page.total, replacing: false) {
                try await load(from: window.lastPageOffset)
            }
        }
    }

    /// Prepends the page before the window (dropping rows from its end past
    /// the window's limit). Ignored while loading or at the top.
    public func loadPrevious() async throws {
        guard !isLoadingMore, let previous = window.previousPage else { return }
        try await whileLoadingMore {
            let page = try await read(previous.offset, previous.limit)
            window.prepend(page.rows, at: previous.offset, total: page.total)
        }
    }

    /// Reads `limit` rows at `offset` with the screen's current query,
    /// leaving the window as it is: for a front end that prints the whole
    /// list a page at a time (`ListPageSource`), keeping none of it.
    public func rows(from offset: Int, limit: Int) async throws -> [Row] {
        try await read(offset, limit).rows
    }

    /// Forgets every row (the list is gone).
    public func clear() { window.clear() }

    private func whileLoadingMore(_ body: () async throws -> Void) async throws {
        isLoadingMore = true
        changed()
        defer {
            isLoadingMore = false
            changed()
        }
        try await body()
    }
}
