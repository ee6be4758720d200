import KernelPresentation
import Testing

/// Reading a paged list again keeps its place: the rows the window holds,
/// from where it starts, and the pages it names follow them.
@MainActor
@Suite struct PagedListReloadTests {
    /// A list whose row n is n, `count` long (changeable), recording each read.
    final class Source {
        var count: Int
        var reads: [(offset: Int, limit: Int)] = []
        init(count: Int) { self.count = count }
        func read(_ offset: Int, _ limit: Int) -> PagedList<Int>.Page {
            reads.append((offset, limit))
            let end = min(count, offset + limit)
            return (offset < end ? Array(offset..<end) : [], offset, count)
        }
    }

    func list(_ source: Source, pageSize: Int = 10, pagesKept: Int? = 3) -> PagedList<Int> {
        PagedList(pageSize: pageSize, pagesKept: pagesKept, read: { source.read($0, $1) }, changed: {})
    }

    @Test func reloadReadsEveryRowTheWindowHolds() async throws {
        let source = Source(count: 60)
        let pages = list(source)
        try await pages.load(from: 0)
        try await pages.loadMore()
        try await pages.loadMore()
        #expect(pages.window.items == Array(0..<30))
        #expect(pages.window.pagesShown == "1–3 of 6" && pages.window.lastLoadedPage == 3)
        try await pages.reload()
        #expect(pages.window.items == Array(0..<30))
        #expect(source.reads.last! == (offset: 0, limit: 30))
        // Past the limit the window starts lower; it is read from there.
        try await pages.loadMore()
        #expect(pages.window.offset == 10 && pages.window.pagesShown == "2–4 of 6")
        try await pages.reload()
        #expect(pages.window.items == Array(10..<40))
    }

    @Test func aShortWindowIsReadAsAPage() async throws {
        let source = Source(count: 5)
        let pages = list(source)
        try await pages.load(from: 0)
        #expect(pages.window.pagesShown == "1 of 1")
        source.count = 25
        try await pages.reload()
        #expect(pages.window.items == Array(0..<10) && pages.window.hasMore)
    }

    @Test func aListThatShrankUnderTheWindowShowsItsLastPage() async throws {
        let source = Source(count: 60)
        let pages = list(source)
        try await pages.load(from: 50)
        source.count = 25
        try await pages.reload()
        #expect(pages.window.items == Array(20..<25))
        #expect(pages.window.pagesShown == "3 of 3")
    }

    @Test func anEmptyWindowNamesItsPage() {
        let window = PagedWindow<Int>(pageSize: 10)
        #expect(window.lastLoadedPage == 1 && window.pagesShown == "1 of 1")
    }
}
