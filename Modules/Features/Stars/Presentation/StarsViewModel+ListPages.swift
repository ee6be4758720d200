import KernelPresentation
import ScreenKit
import StarsDomain

/// The whole cached list of stars for scripts, with the screen's search,
/// language and sort, read from the cache a page at a time.
extension StarsViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int) async throws(ScreenError) -> ListPage {
        guard let account else { return ListPage([]) }
        var page = query
        page.offset = max(0, offset)
        page.limit = max(0, limit)
        do {
            return ListPage(try await access.library.store.page(user: account.user, page).items.map(StarsRows.item))
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }
}
