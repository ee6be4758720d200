import KernelPresentation
import Testing

/// The window every paged list screen holds: it follows the pages read into
/// it, never holds more than its limit, and says which page to read next.
@Suite struct PagedWindowTests {
    /// The rows `offset..<offset+count` of a list whose row n is n.
    func rows(_ offset: Int, _ count: Int) -> [Int] { Array(offset..<(offset + count)) }

    @Test func aFirstPageSaysWhereTheNextStarts() {
        var window = PagedWindow<Int>(pageSize: 10, pagesKept: 3)
        #expect(window.limit == 30)
        let fellPastEnd1 = window.receive(rows(0, 10), at: 0, requested: 0, total: 95, replacing: true)
        #expect(!fellPastEnd1)
        #expect(window.items == rows(0, 10))
        #expect(window.offset == 0 && window.endOffset == 10 && window.total == 95)
        #expect(window.hasMore && window.currentPage == 1 && window.pageCount == 10)
        #expect(window.previousPage == nil)
        #expect(window.lastPageOffset == 90 && window.offset(ofPage: 4) == 30)
    }

    @Test func appendingPastTheLimitDropsTheOldestRows() {
        var window = PagedWindow<Int>(pageSize: 10, pagesKept: 3)
        window.receive(rows(0, 10), at: 0, requested: 0, total: 100, replacing: true)
        for start in stride(from: 10, to: 50, by: 10) {
            window.receive(rows(start, 10), at: start, requested: start, total: 100, replacing: false)
        }
        #expect(window.items == rows(20, 30))
        #expect(window.offset == 20 && window.currentPage == 3)
        #expect(window.previousPage! == (offset: 10, limit: 10))
    }

    @Test func aPageThatDoesNotContinueTheWindowReplacesIt() {
        var window = PagedWindow<Int>(pageSize: 10)
        window.receive(rows(0, 10), at: 0, requested: 0, total: 100, replacing: true)
        window.receive(rows(50, 10), at: 50, requested: 50, total: 100, replacing: false)
        #expect(window.items == rows(50, 10) && window.offset == 50)
        window.receive(rows(60, 10), at: 60, requested: 60, total: 100, replacing: true)
        #expect(window.items == rows(60, 10) && window.offset == 60)
    }

    @Test func prependingPastTheLimitDropsRowsFromTheEnd() {
        var window = PagedWindow<Int>(pageSize: 10, pagesKept: 2)
        window.receive(rows(20, 10), at: 20, requested: 20, total: 100, replacing: true)
        window.receive(rows(30, 10), at: 30, requested: 30, total: 100, replacing: false)
        let previous = window.previousPage!
        #expect(previous == (offset: 10, limit: 10))
        window.prepend(rows(10, 10), at: previous.offset, total: 100)
        #expect(window.items == rows(10, 20) && window.offset == 10)
        // Near the top the previous "page" is only the rows that are left.
        window.receive(rows(5, 10), at: 5, requested: 5, total: 100, replacing: true)
        #expect(window.previousPage! == (offset: 0, limit: 5))
    }

    @Test func anEmptyPagePastTheEndAsksForTheLastPage() {
        var window = PagedWindow<Int>(pageSize: 10)
        window.receive(rows(40, 10), at: 40, requested: 40, total: 50, replacing: true)
        // The list shrank to 23 rows under the window.
        let fellPastEnd2 = window.receive([], at: 40, requested: 40, total: 23, replacing: true)
        #expect(fellPastEnd2)
        #expect(window.isEmpty && window.lastPageOffset == 20)
        let fellPastEnd3 = window.receive(rows(20, 3), at: 20, requested: 20, total: 23, replacing: true)
        #expect(!fellPastEnd3)
        #expect(window.items == rows(20, 3) && !window.hasMore)
        // An empty list is not "past the end".
        let fellPastEnd4 = window.receive([], at: 0, requested: 10, total: 0, replacing: true)
        #expect(!fellPastEnd4)
        #expect(window.offset == 0 && window.pageCount == 1)
    }

    @Test func withoutALimitEveryRowIsKept() {
        var window = PagedWindow<Int>(pageSize: 10, pagesKept: nil)
        for start in stride(from: 0, to: 200, by: 10) {
            window.receive(rows(start, 10), at: start, requested: start, total: 200, replacing: start == 0)
        }
        #expect(window.items == rows(0, 200) && window.offset == 0 && !window.hasMore)
    }

    @Test func clearingKeepsThePositionAndUpdatingKeepsTheRows() {
        var window = PagedWindow<Int>(pageSize: 10)
        window.receive(rows(30, 10), at: 30, requested: 30, total: 100, replacing: true)
        window.update { $0[0] = -1 }
        #expect(window.items.first == -1 && window.items.count == 10)
        window.clear()
        #expect(window.isEmpty && window.total == 0 && window.offset == 30)
    }
}
