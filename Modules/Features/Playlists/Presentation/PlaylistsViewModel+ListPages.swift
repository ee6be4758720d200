import ScreenKit

/// Every playlist is already in the screen's list; a page is a slice of it,
/// so `--limit` and `--all` mean here what they mean on every list screen.
extension PlaylistsViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError) {
        let start = min(max(0, offset), playlists.count)
        page = ListPage(playlists[start..<min(playlists.count, start + max(0, limit))].map(PlaylistRow.item))
    }
}
