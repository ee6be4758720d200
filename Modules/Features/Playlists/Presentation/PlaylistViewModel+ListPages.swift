import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// The whole playlist for scripts (`--all`, `--limit`): its songs with the
/// screen's filter and sort, read a page at a time through the library and
/// never kept, so a million songs cost one page.
extension PlaylistViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError) {
        page.removeAll(columns: SongRow.columnIDs)
        guard playlist != nil else { return }
        do {
            SongRow.append(try await readPage(offset: offset, limit: limit).rows, to: &page)
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }
}
