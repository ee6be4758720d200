import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// The whole playlist for scripts (`--all`, `--limit`): its songs with the
/// screen's filter and sort, read a page at a time through the library and
/// never kept, so a million songs cost one page.
extension PlaylistViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int) async throws(ScreenError) -> ListPage {
        guard playlist != nil else { return ListPage(columns: SongRow.columnIDs) }
        do {
            return SongRow.page(try await readPage(offset: offset, limit: limit).rows)
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }
}
