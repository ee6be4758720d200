import ScreenKit

/// A list window drawn as a table: a header naming the columns that fit
/// (the sorted one marked), one row per item with each column's text
/// (numbers on the right, badges after the main column, seen rows faded),
/// the cursor row highlighted, and a scroll bar placed from
/// `offset`/`total` — the position in the whole list, not just the loaded
/// window.
enum ListView {
    /// Cells left of the table, where the cursor's pointer goes.
    static let gutter = 2

    struct Placement {
        /// The header's row and each drawn column's cells in it, for clicks.
        var headerRow: Int?
        var headerColumns: [(range: Range<Int>, column: Int)] = []
        /// Where item rows are drawn, and the absolute index of the first.
        var rows: Rect
        var top: Int
    }

    static func draw(
        into buffer: inout CellBuffer, _ list: ListContent, cursor: ListCursor, focused: Bool, in rect: Rect,
        widths: inout TableWidths, glyphs: Glyphs, marked: Set<String> = []
    ) -> Placement {
        guard rect.height >= 2, rect.width >= 10 else { return Placement(rows: Rect(x: 0, y: 0, width: 0, height: 0), top: 0) }
        let rows = rect.droppingTop(1)
        let scrollBar = list.total > rows.height
        let inner = Rect(x: rows.x, y: rows.y, width: rows.width - (scrollBar ? 1 : 0), height: rows.height)
        let visible = (0..<rows.height).compactMap { row -> ListItem? in
            let local = cursor.top + row - list.offset
            return list.items.indices.contains(local) ? list.items[local] : nil
        }
        // The pointer's gutter on the left, one cell free on the right.
        let tableX = inner.x + gutter
        let table = TableLayout(
            columns: list.columns, natural: widths.steady(naturalWidths(list, visible: visible, glyphs: glyphs), for: list),
            width: max(0, inner.width - gutter - 1), empty: emptyColumns(list), sortedBy: list.sort)
        drawHeader(into: &buffer, list, table: table, y: rect.y, x: rect.x, width: rect.width, tableX: tableX, glyphs: glyphs)

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
                into: &buffer, list.items[local], in: list, table: table, x: inner.x, y: inner.y + row, width: inner.width,
                tableX: tableX, cursor: isCursor, focused: focused, glyphs: glyphs)
            // A marked row (space) shows a star in the gutter's free cell.
            if marked.contains(list.items[local].id) {
                buffer.put("*", width: 1, x: inner.x + 1, y: inner.y + row, style: isCursor && focused ? .cursor : .warning)
            }
        }
        let shown = list.items.count - max(0, cursor.top - list.offset)
        if list.loadingMore, shown < inner.height {
            let y = inner.y + max(0, shown)
            if y < inner.maxY { buffer.write("  Loading more" + glyphs.ellipsis, x: inner.x, y: y, style: .dim) }
        }
        if scrollBar { drawScrollBar(into: &buffer, list, top: cursor.top, rows: rows, glyphs: glyphs) }
        let headerColumns = table.slots.map { (range: (tableX + $0.x)..<(tableX + $0.x + $0.width), column: $0.index) }
        return Placement(headerRow: rect.y, headerColumns: headerColumns, rows: inner, top: cursor.top)
    }

    /// Columns that no loaded row has any text for.
    /// (An empty list keeps its header whole: it says what would be there.)
    static func emptyColumns(_ list: ListContent) -> Set<Int> {
        guard !list.items.isEmpty else { return [] }
        return Set(list.columns.indices.filter { index in
            let id = list.columns[index].id
            return !list.items.contains { !$0.text(id).isEmpty }
        })
    }

    /// The natural width of each column over the rows on screen: its
    /// header (with room for a sort mark) and its widest cell, badges
    /// included for the main column.
    static func naturalWidths(_ list: ListContent, visible: [ListItem], glyphs: Glyphs) -> [Int] {
        let markWidth = 1 + max(CellWidth.of(glyphs.sortAscending), CellWidth.of(glyphs.sortDescending))
        var widths = list.columns.map { CellWidth.of(TerminalText.sanitize($0.label)) + ($0.sortKey == nil ? 0 : markWidth) }
        let badgeColumn = TableLayout.mainColumn(of: list.columns, among: Array(list.columns.indices))
        for item in visible {
            for (index, column) in list.columns.enumerated() {
                var w = CellWidth.of(TerminalText.sanitize(item.text(column.id)))
                if index == badgeColumn { w += badgeWidth(item) }
                if w > widths[index] { widths[index] = w }
            }
        }
        return widths
    }

    static func badges(_ item: ListItem) -> [String] {
        item.badges.map { "[" + TerminalText.sanitize($0) + "]" }
    }

    static func badgeWidth(_ item: ListItem) -> Int {
        item.badges.isEmpty ? 0 : badges(item).reduce(0) { $0 + CellWidth.of($1) + 1 }
    }

    /// The style of a badge: `error` reads as an error, the rest as badges.
    static func style(ofBadge badge: String) -> CellStyle {
        badge == "error" ? .error : .badge
    }

    /// The header row: every drawn column's label, aligned like its cells,
    /// with a mark after the column the list is sorted by.
    static func drawHeader(
        into buffer: inout CellBuffer, _ list: ListContent, table: TableLayout, y: Int, x: Int, width: Int, tableX: Int,
        glyphs: Glyphs
    ) {
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: .header)
        for slot in table.slots where slot.width > 0 {
            let column = list.columns[slot.index]
            var label = TerminalText.sanitize(column.label)
            if let sort = list.sort, column.sortKey == sort {
                label += " " + (list.sortDescending == true ? glyphs.sortDescending : glyphs.sortAscending)
            }
            write(label, in: slot.withoutBar, tableX: tableX, y: y, alignRight: column.alignment == .trailing, style: .header,
                  into: &buffer, glyphs: glyphs)
        }
    }

    static func drawRow(
        into buffer: inout CellBuffer, _ item: ListItem, in list: ListContent, table: TableLayout, x: Int, y: Int, width: Int,
        tableX: Int, cursor: Bool, focused: Bool, glyphs: Glyphs
    ) {
        let highlighted = cursor && focused
        let base: CellStyle = highlighted ? .cursor : (item.badges.contains("visited") ? .faded : .normal)
        if highlighted { buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: base) }
        if cursor { buffer.put(glyphs.pointer, width: 1, x: x, y: y, style: base) }
        for slot in table.slots where slot.width > 0 {
            let column = list.columns[slot.index]
            let text = TerminalText.sanitize(item.text(column.id))
            guard slot.index == table.badgeColumn, !item.badges.isEmpty else {
                write(text, in: slot.withoutBar, tableX: tableX, y: y, alignRight: column.alignment == .trailing, style: base,
                      into: &buffer, glyphs: glyphs)
                if slot.bar > 0, let bar = ShareBar.text(item.values[column.id], width: slot.bar) {
                    buffer.write(bar, x: tableX + slot.x + slot.width - slot.bar, y: y, style: base)
                }
                continue
            }
            // The main column: its text, then the badges while they fit
            // (the text keeps at least half the column).
            let badges = badges(item)
            let wanted = badgeWidth(item)
            let textRoom = max(slot.width - (wanted <= slot.width / 2 ? wanted : 0), slot.width / 2)
            var at = tableX + slot.x
            let fits = CellWidth.of(text) <= textRoom
            at += buffer.write(fits ? text : TerminalText.truncate(text, to: textRoom, ellipsis: glyphs.ellipsis), x: at, y: y, style: base)
            let end = tableX + slot.x + slot.width
            for (badge, name) in zip(badges, item.badges) where at + 1 + CellWidth.of(badge) <= end {
                at += 1
                at += buffer.write(badge, x: at, y: y, style: style(ofBadge: name))
            }
        }
    }

    /// Writes already-sanitised text into a column's cells, cut with an
    /// ellipsis when too long, aligned left or right.
    static func write(
        _ text: String, in slot: TableLayout.Slot, tableX: Int, y: Int, alignRight: Bool, style: CellStyle,
        into buffer: inout CellBuffer, glyphs: Glyphs
    ) {
        // Most cells fit: measure once (ASCII fast path) and cut only when not.
        let width = CellWidth.of(text)
        let cut = width <= slot.width ? text : TerminalText.truncate(text, to: slot.width, ellipsis: glyphs.ellipsis)
        let x = tableX + slot.x + (alignRight ? slot.width - (width <= slot.width ? width : CellWidth.of(cut)) : 0)
        buffer.write(cut, x: x, y: y, limit: slot.width, style: style)
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
