import ScreenKit

/// The whole cached photo list for scripts, with the screen's album, filter
/// and sort, read from the cache a page at a time.
extension PhotosViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError) {
        guard cache != nil else {
            page = ListPage([])
            return
        }
        do {
            page = ListPage(try await readPage(offset: offset, limit: limit).rows.map { Self.item($0, selected: $0.id == selectedID) })
        } catch {
            throw PhotoFormat.screenError(error)
        }
    }
}
