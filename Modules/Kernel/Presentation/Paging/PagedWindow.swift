/// The rows a paged list screen holds: a window onto a list that may be far
/// longer than memory should carry, read a page at a time.
///
/// `receive` appends a page that continues the window (dropping rows from its
/// front past `limit`) and replaces the window with any other page;
/// `prepend` adds the page before it (dropping rows from its end). So a list
/// of a million rows costs a screen the same memory as a short one. A screen
/// whose list is small enough to keep whole passes no limit.
///
/// A value with no clock, store or task: the view model asks its store for
/// the page this window names (`endOffset`, `previousPage`, `lastPageOffset`)
/// and hands the answer back.
public struct PagedWindow<Item> {
    public let pageSize: Int
    /// The most rows held at once; nil keeps every row read.
    public let limit: Int?
    public private(set) var items: [Item] = []
    /// The position of `items.first` in the whole list.
    public private(set) var offset = 0
    /// How many rows the whole list has (as of the last page read).
    public private(set) var total = 0

    /// - Parameter pagesKept: how many pages the window holds at most (nil: all).
    public init(pageSize: Int, pagesKept: Int? = 10) {
        let size = max(1, pageSize)
        self.pageSize = size
        self.limit = pagesKept.map { max(1, $0) * size }
    }

    public var isEmpty: Bool { items.isEmpty }
    /// The position just past the window: where the next page starts.
    public var endOffset: Int { offset + items.count }
    public var hasMore: Bool { endOffset < total }
    public var currentPage: Int { offset / pageSize + 1 }
    public var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }
    /// The page holding the last row loaded: after "more" or End it is the
    /// page reached, not the one the window started on.
    public var lastLoadedPage: Int { items.isEmpty ? currentPage : (endOffset - 1) / pageSize + 1 }
    /// The pages the window holds against all there are, as a detail row
    /// shows them: "3 of 6", or "1–6 of 6" once more pages were loaded, so
    /// it follows load-more and End rather than naming the first page only.
    public var pagesShown: String {
        let last = lastLoadedPage
        return last > currentPage ? "\(currentPage)–\(last) of \(pageCount)" : "\(currentPage) of \(pageCount)"
    }
    /// Where page `number` (from 1) starts.
    public func offset(ofPage number: Int) -> Int { (max(1, number) - 1) * pageSize }
    /// Where the last page starts.
    public var lastPageOffset: Int { offset(ofPage: pageCount) }
    /// The rows just before the window (at most a page); nil at the top.
    public var previousPage: (offset: Int, limit: Int)? {
        guard offset > 0 else { return nil }
        let start = max(0, offset - pageSize)
        return (start, offset - start)
    }

    /// Takes in a page read at `pageOffset` (asked for at `requested`): it is
    /// appended when it continues the window and `replacing` is false, and
    /// replaces the window otherwise.
    ///
    /// Returns true when the page came back empty past the start of a list
    /// that still has rows (the list shrank under the window): the caller
    /// should then read the page at `lastPageOffset`.
    @discardableResult
    public mutating func receive(_ page: [Item], at pageOffset: Int, requested: Int, total newTotal: Int, replacing: Bool) -> Bool {
        total = newTotal
        if replacing || pageOffset != endOffset {
            items = page
            offset = page.isEmpty ? min(requested, max(0, newTotal - pageSize)) : pageOffset
            return page.isEmpty && newTotal > 0 && requested > 0
        }
        items += page
        if let limit, items.count > limit {
            let excess = items.count - limit
            items.removeFirst(excess)
            offset += excess
        }
        return false
    }

    /// Puts the rows read at `previousPage` in front of the window, dropping
    /// rows from its end past the limit.
    public mutating func prepend(_ page: [Item], at start: Int, total newTotal: Int) {
        total = newTotal
        items = page + items
        offset = start
        if let limit, items.count > limit { items.removeLast(items.count - limit) }
    }

    /// Forgets every row (the list is gone); the position stays.
    public mutating func clear() {
        items = []
        total = 0
    }

    /// Changes rows in place (a row marked visited); the count must stay.
    public mutating func update(_ body: (inout [Item]) -> Void) {
        let count = items.count
        body(&items)
        precondition(items.count == count, "PagedWindow.update changed the number of rows")
    }
}

extension PagedWindow: Sendable where Item: Sendable {}
extension PagedWindow: Equatable where Item: Equatable {}
