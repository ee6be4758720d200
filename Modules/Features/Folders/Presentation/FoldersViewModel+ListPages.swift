import ScreenKit

/// The rows past `limit` (the window `load-more` widens) for scripts: the
/// folder's children are in memory already, in display order; only the
/// page asked for is turned into rows.
extension FoldersViewModel: ListPageSource {
    public func listPage(from offset: Int, limit: Int, into page: inout ListPage) async throws(ScreenError) {
        let order = displayOrder
        let start = min(max(0, offset), order.count)
        let children = folder.children
        let parentBytes = diskUsage ? folder.entry?.diskBytes : folder.entry?.bytes
        page = ListPage(order[start..<min(order.count, start + max(0, limit))].map {
            FolderRow.item(children[$0], parentBytes: parentBytes, disk: diskUsage)
        })
    }
}
