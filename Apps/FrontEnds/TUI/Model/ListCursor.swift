import ScreenKit

/// Where the cursor is in a list and which row is at the top of the view.
///
/// Both are absolute indexes into the whole list (`ListContent.offset` is
/// the index of `items[0]`), so the cursor stays right while the screen
/// moves its loaded window, and a million-row list costs the same as ten.
public struct ListCursor: Equatable, Sendable {
    public var index = 0
    public var top = 0

    public init(index: Int = 0, top: Int = 0) {
        self.index = index
        self.top = top
    }

    /// The cursor may only rest on a loaded item.
    public mutating func clamp(to list: ListContent) {
        guard !list.items.isEmpty else {
            index = list.offset
            top = list.offset
            return
        }
        index = min(max(index, list.offset), list.offset + list.items.count - 1)
    }

    public mutating func move(by delta: Int, in list: ListContent) {
        index += delta
        clamp(to: list)
    }

    public mutating func moveToFirst(in list: ListContent) {
        index = list.offset
        clamp(to: list)
    }

    public mutating func moveToLast(in list: ListContent) {
        index = list.offset + list.items.count - 1
        clamp(to: list)
    }

    /// Scrolls so the cursor is visible in `rows` rows, showing only loaded
    /// rows where it can.
    public mutating func scroll(rows: Int, in list: ListContent) {
        guard rows > 0 else { return }
        if index < top { top = index }
        if index >= top + rows { top = index - rows + 1 }
        let lastTop = max(list.offset, list.offset + list.items.count - rows)
        top = min(max(top, list.offset), lastTop)
    }

    /// The item under the cursor, if loaded.
    public func item(in list: ListContent) -> ListItem? {
        let local = index - list.offset
        return list.items.indices.contains(local) ? list.items[local] : nil
    }

    /// True when the cursor is near the first loaded item of a window that
    /// does not start at the top, so earlier rows are fetched before the
    /// cursor reaches the edge.
    public func wantsPrevious(_ list: ListContent, margin: Int = 5) -> Bool {
        list.offset > 0 && !list.loadingMore && index < list.offset + margin
    }

    /// True when the cursor is within `margin` rows of the last loaded item
    /// of a list that has more (on it, with no margin).
    public func wantsMore(_ list: ListContent, margin: Int = 0) -> Bool {
        list.hasMore && !list.loadingMore && index >= list.offset + list.items.count - 1 - margin
    }
}
