/// How many rows of a list screen a front end prints for a script: the
/// window the screen shows (what people see), the first `n` rows (`--limit
/// N`), or every row (`--all`).
///
/// The one rule for every list screen: past the window, rows are read from
/// the screen a page at a time (`ListPageSource`) and each page is written
/// out before the next is read, so printing a million rows holds one page.
public enum RowSpan: Equatable, Sendable {
    case window
    case first(Int)
    case all

    /// The most rows printed (nil: no bound).
    public var limit: Int? {
        switch self {
        case .window: nil
        case .first(let count): count
        case .all: nil
        }
    }
}

/// A list screen whose whole list, not only the window its snapshot holds,
/// can be read by a front end one page at a time.
///
/// Rows come with the screen's filter, sort and scope in force, built as its
/// snapshot builds them (same ids, typed values and display text). Reading
/// never moves the screen's window, status or snapshot, and the screen keeps
/// none of the rows it hands out: that is what keeps the memory of `--all`
/// at one page whatever the list's length.
@MainActor
public protocol ListPageSource: Screen {
    /// Fills `page` (emptied first) with up to `limit` rows starting at
    /// `offset` in the whole list; fewer (or none) at its end. The caller
    /// hands the same page back for the next one, so a long list reuses one
    /// page's memory instead of allocating and freeing it for every page.
    func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError)
}

/// The loop every front end uses to print the rows a `RowSpan` names.
@MainActor
public enum ListPages {
    /// Rows read per page: large enough that a read's fixed cost is spread
    /// thin, small enough that a page is a small fraction of a process.
    public nonisolated static let pageSize = 1000

    /// Hands the rows `span` names to `write`, a page at a time in list
    /// order, starting where `list` (the screen's current snapshot's list)
    /// starts. Returns how many rows were written.
    ///
    /// The window's own rows go first (they are already read); then the
    /// screen is asked for the pages after it (`ListPageSource`). A screen
    /// that cannot be asked (one served by another process) is walked with
    /// its own `load-more` action instead, printing the rows each page adds.
    public static func write(
        _ span: RowSpan, of screen: any Screen, list: ListContent, pageSize: Int = pageSize,
        _ write: (ListPage) -> Void
    ) async throws(ScreenError) -> Int {
        var remaining = span.limit ?? .max
        let first = Array(list.items.prefix(remaining))
        if !first.isEmpty { write(ListPage(first)) }
        remaining -= first.count
        var written = first.count
        guard span != .window, remaining > 0, list.hasMore else { return written }
        var next = list.offset + list.items.count
        if let source = screen as? any ListPageSource {
            var page = ListPage(columns: [])
            while remaining > 0 {
                let limit = min(pageSize, remaining)
                try await source.listPage(from: next, limit: limit, into: &page)
                if page.isEmpty { break }
                write(page)
                written += page.count
                remaining -= page.count
                next += page.count
                if page.count < limit { break }
            }
            return written
        }
        return written + (try await walk(screen, from: next, remaining: remaining, write))
    }

    /// The rows after `start`, through the screen's `load-more` action.
    private static func walk(
        _ screen: any Screen, from start: Int, remaining: Int, _ write: (ListPage) -> Void
    ) async throws(ScreenError) -> Int {
        var next = start
        var remaining = remaining
        var snapshot = screen.snapshot
        while remaining > 0, let more = snapshot.action(StandardAction.loadMore), more.enabled,
              snapshot.content.list?.hasMore == true {
            _ = try await screen.run(StandardAction.loadMore, [:], on: snapshot)
            await screen.settle()
            snapshot = screen.snapshot
            if snapshot.status.kind == .error {
                throw ScreenError(kind: .failed, code: snapshot.status.code ?? "load_more_failed", message: snapshot.status.message ?? "failed")
            }
            guard let list = snapshot.content.list else { break }
            let skip = next - list.offset
            guard skip >= 0, skip < list.items.count else { break }
            let page = Array(list.items[skip...].prefix(remaining))
            write(ListPage(page))
            remaining -= page.count
            next += page.count
        }
        return next - start
    }
}
