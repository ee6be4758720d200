import KernelPresentation
import ScreenKit
import StarsDomain

/// The whole cached list of stars for scripts, with the screen's search,
/// language and sort, read from the cache a page at a time.
extension StarsViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError) {
        guard let account else {
            page = ListPage([])
            return
        }
        var request = query
        request.offset = max(0, offset)
        request.limit = max(0, limit)
        do {
            page = ListPage(try await access.library.store.page(user: account.user, request).items.map(StarsRows.item))
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }
}
