import ScreenKit

/// A list window: a header naming the columns, one row per item (title,
/// badges, subtitle, right-aligned trailing), the cursor row highlighted,
/// and a scroll bar placed from `offset`/`total` — the position in the whole
/// list, not just the loaded window.
enum ListView {
    struct Placement {
        /// Where item rows are drawn, and the absolute index of the first.
        var rows: Rect
        var top: Int
    }

    static func draw(
        into buffer: inout CellBuffer, _ list: ListContent, cursor: ListCursor, focused: Bool, in rect: Rect,
        glyphs: Glyphs
    ) -> Placement {
        guard rect.height >= 2, rect.width >= 10 else { return Placement(rows: Rect(x: 0, y: 0, width: 0, height: 0), top: 0) }
        let rows = rect.droppingTop(1)
        let scrollBar = list.total > rows.height
        let inner = Rect(x: rows.x, y: rows.y, width: rows.width - (scrollBar ? 1 : 0), height: rows.height)
        let visible = (0..<rows.height).compactMap { row -> ListItem? in
            let local = cursor.top + row - list.offset
            return list.items.indices.contains(local) ? list.items[local] : nil
        }
        let columns = Columns(list: list, visible: visible, width: inner.width)
        drawHeader(into: &buffer, list, columns: columns, y: rect.y, x: rect.x, width: rect.width, glyphs: glyphs)

        if list.items.isEmpty {
            let message = TerminalText.truncate(TerminalText.sanitize(list.emptyMessage), to: inner.width - 4, ellipsis: glyphs.ellipsis)
            buffer.write(message, x: inner.x + 2, y: inner.y + min(1, inner.height - 1), style: .dim)
        }
        for row in 0..<inner.height {
            let absolute = cursor.top + row
            let local = absolute - list.offset
            guard list.items.indices.contains(local) else { continue }
            let isCursor = absolute == cursor.index
            drawRow(
                into: &buffer, list.items[local], in: list, columns: columns, x: inner.x, y: inner.y + row, width: inner.width,
                cursor: isCursor, focused: focused, glyphs: glyphs)
        }
        let shown = list.items.count - max(0, cursor.top - list.offset)
        if list.loadingMore, shown < inner.height {
            let y = inner.y + max(0, shown)
            if y < inner.maxY { buffer.write("  Loading more" + glyphs.ellipsis, x: inner.x, y: y, style: .dim) }
        }
        if scrollBar { drawScrollBar(into: &buffer, list, top: cursor.top, rows: rows, glyphs: glyphs) }
        return Placement(rows: inner, top: cursor.top)
    }

    /// Column widths for this frame: trailing fits its widest visible value,
    /// the rest is shared between title and subtitle.
    struct Columns {
        var gutter = 2
        var title: Int
        var subtitle: Int
        var trailing: Int

        init(list: ListContent, visible: [ListItem], width: Int) {
            var trailingWidth = list.legacyColumns.trailing.map(TerminalText.width) ?? 0
            for item in visible {
                if let t = item.legacySlots(in: list).trailing { trailingWidth = max(trailingWidth, TerminalText.width(t)) }
            }
            trailing = min(trailingWidth, max(0, width / 4))
            let rest = max(0, width - gutter - (trailing > 0 ? trailing + 2 : 0) - 1)
            let hasSubtitle = list.legacyColumns.subtitle != nil || visible.contains { $0.legacySlots(in: list).subtitle != nil }
            if hasSubtitle, rest >= 24 {
                title = rest * 11 / 20
                subtitle = rest - title - 2
            } else {
                title = rest
                subtitle = 0
            }
        }
    }

    static func drawHeader(
        into buffer: inout CellBuffer, _ list: ListContent, columns: Columns, y: Int, x: Int, width: Int, glyphs: Glyphs
    ) {
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: .header)
        let titleX = x + columns.gutter
        buffer.write(TerminalText.truncate(list.legacyColumns.title, to: columns.title, ellipsis: glyphs.ellipsis), x: titleX, y: y, style: .header)
        if columns.subtitle > 0, let subtitle = list.legacyColumns.subtitle {
            buffer.write(TerminalText.truncate(subtitle, to: columns.subtitle, ellipsis: glyphs.ellipsis), x: titleX + columns.title + 2, y: y, style: .header)
        }
        if columns.trailing > 0, let trailing = list.legacyColumns.trailing {
            let text = TerminalText.truncate(trailing, to: columns.trailing, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: x + width - 1 - TerminalText.width(text), y: y, style: .header)
        }
    }

    static func drawRow(
        into buffer: inout CellBuffer, _ item: ListItem, in list: ListContent, columns: Columns, x: Int, y: Int, width: Int, cursor: Bool,
        focused: Bool, glyphs: Glyphs
    ) {
        let base: CellStyle = cursor && focused ? .cursor : .normal
        if base != .normal { buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: base) }
        if cursor { buffer.put(glyphs.pointer, width: 1, x: x, y: y, style: base) }
        var titleX = x + columns.gutter
        let badges = item.badges.map { "[" + TerminalText.sanitize($0) + "]" }
        let badgeWidth = badges.reduce(0) { $0 + TerminalText.width($1) + 1 }
        let titleRoom = max(columns.title - (badgeWidth <= columns.title / 2 ? badgeWidth : 0), columns.title / 2)
        let title = TerminalText.truncate(TerminalText.sanitize(item.title), to: titleRoom, ellipsis: glyphs.ellipsis)
        titleX += buffer.write(title, x: titleX, y: y, style: base)
        let titleEnd = x + columns.gutter + columns.title
        for badge in badges where titleX + 1 + TerminalText.width(badge) <= titleEnd {
            titleX += 1
            titleX += buffer.write(badge, x: titleX, y: y, style: .badge)
        }
        if columns.subtitle > 0, let subtitle = item.legacySlots(in: list).subtitle {
            let text = TerminalText.truncate(TerminalText.sanitize(subtitle), to: columns.subtitle, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: titleEnd + 2, y: y, style: cursor && focused ? base : .dim)
        }
        if columns.trailing > 0, let trailing = item.legacySlots(in: list).trailing {
            let text = TerminalText.truncate(TerminalText.sanitize(trailing), to: columns.trailing, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: x + width - 1 - TerminalText.width(text), y: y, style: cursor && focused ? base : .dim)
        }
    }

    /// A one-column bar whose thumb shows which part of `total` is on screen.
    static func drawScrollBar(into buffer: inout CellBuffer, _ list: ListContent, top: Int, rows: Rect, glyphs: Glyphs) {
        let x = rows.maxX - 1
        let height = rows.height
        let total = max(1, list.total)
        let thumb = max(1, height * height / total)
        // Top of the list: thumb at the top; last page: thumb at the bottom.
        let lastTop = max(1, total - height)
        let start = min(height - thumb, (min(top, lastTop) * (height - thumb) + lastTop / 2) / lastTop)
        for row in 0..<height {
            let inThumb = row >= start && row < start + thumb
            buffer.put(inThumb ? glyphs.thumb : glyphs.vertical, width: 1, x: x, y: rows.y + row, style: inThumb ? .scrollThumb : .scrollTrack)
        }
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
