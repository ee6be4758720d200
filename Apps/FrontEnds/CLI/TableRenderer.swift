import ScreenKit

/// A list as an aligned table for people, from the columns the screen
/// declares: a header of labels (the sorted column marked ▲/▼), numbers
/// right-aligned, cells sanitised and measured in terminal cells (wide
/// characters count two). Long text is cut with an ellipsis first; only when
/// even cut text does not fit do whole columns go, least important first
/// (`ListColumn.priority`; priority 0 and the sorted-by column always stay).
struct TableRenderer {
    let style: TerminalStyle
    let width: Int
    static let gap = 2
    /// Cutting text down to this width is preferred to dropping a column.
    static let fittedText = 12
    /// The same for the column that names the row.
    static let mainText = 16
    /// A text column is never cut below this many cells (or its own width).
    static let minimumText = 6

    /// Free text, paths and URLs may be cut with an ellipsis; numbers, times
    /// and booleans never are (a cut number is a wrong number).
    static func cuttable(_ column: ListColumn) -> Bool {
        switch column.type {
        case .text, .path, .url: true
        default: false
        }
    }

    /// The header line and one line per row (badges such as `visited` after
    /// the row in brackets), without the footer.
    func render(_ list: ListContent) -> [String] {
        guard let layout = layout(list) else { return list.items.map { clean($0.title) } }
        return [layout.header] + lines(list.items, layout: layout)
    }

    /// Which columns a table keeps and how wide each is, decided from the
    /// rows of `list`; nil when no column has anything to show.
    struct Layout {
        let columns: [ListColumn]
        let kept: [Int]
        let widths: [Int]
        let header: String
    }

    func layout(_ list: ListContent) -> Layout? {
        // A column no shown row has a value for (no problems, no covers)
        // says nothing here; the name column stays regardless.
        let columns = list.columns.filter { column in
            column.priority == 0 || list.items.contains { !$0.text(column.id).isEmpty }
        }
        guard !columns.isEmpty else { return nil }
        let headers = columns.map { header(for: $0, in: list) }
        let cells = list.items.map { item in columns.map { clean(item.text($0.id)) } }
        let badges = list.items.map { $0.badges.isEmpty ? "" : " [" + $0.badges.map(clean).joined(separator: ", ") + "]" }
        let badgeWidth = badges.map(TerminalText.width).max() ?? 0

        var natural = headers.map(TerminalText.width)
        for row in cells {
            for (index, cell) in row.enumerated() { natural[index] = max(natural[index], TerminalText.width(cell)) }
        }
        let room = max(1, width - badgeWidth)
        // Each column's least width: numbers, times and flags whole; text
        // cut to a stump no shorter than its header. Columns go (least
        // important first, never the one the rows are sorted by) only when
        // even these minimums do not fit; then the text columns share what
        // is left, each up to its whole width, so one long cell is cut
        // rather than pushing every other column off the table.
        let minimum = columns.indices.map { index in
            let column = columns[index]
            guard Self.cuttable(column) else { return natural[index] }
            let floor = column.priority == 0 ? Self.mainText : Self.fittedText
            return min(natural[index], max(floor, TerminalText.width(headers[index])))
        }
        let kept = columns.fitting(width: room, natural: minimum, gap: Self.gap, sortedBy: list.sort)
        var widths = kept.map { minimum[$0] }
        let used = widths.reduce(0, +) + max(0, kept.count - 1) * Self.gap
        if used <= room {
            // The name is shown whole first when that takes at most a third.
            var spare = room - used
            if let main = kept.firstIndex(where: { columns[$0].priority == 0 && Self.cuttable(columns[$0]) }),
                natural[kept[main]] <= room / 3 {
                let whole = min(spare, natural[kept[main]] - widths[main])
                widths[main] += whole
                spare -= whole
            }
            let extra = ColumnShares.fair(spare, wants: kept.indices.map { natural[kept[$0]] - widths[$0] }, widths: widths)
            widths = zip(widths, extra).map { $0 + $1 }
        } else {
            widths = shrink(widths, columns: kept.map { columns[$0] }, to: room)
        }
        let headerLine = Self.line(headers, columns: columns, kept: kept, widths: widths)
        return Layout(columns: columns, kept: kept, widths: widths, header: style.dim(headerLine.trimmingTrailingSpaces))
    }

    /// One line per row in `layout` (rows past those it was measured on are
    /// cut or padded to the same widths, so a table printed a page at a
    /// time stays aligned).
    func lines(_ items: [ListItem], layout: Layout) -> [String] {
        items.map { item in
            let row = layout.columns.map { clean(item.text($0.id)) }
            let badges = item.badges.isEmpty ? "" : " [" + item.badges.map(clean).joined(separator: ", ") + "]"
            let text = (Self.line(row, columns: layout.columns, kept: layout.kept, widths: layout.widths)
                + style.cyan(badges)).trimmingTrailingSpaces
            return item.badges.contains("visited") ? style.dim(text) : text
        }
    }

    private static func line(_ texts: [String], columns: [ListColumn], kept: [Int], widths: [Int]) -> String {
        var parts: [String] = []
        for (position, index) in kept.enumerated() {
            let alignRight = columns[index].alignment == .trailing
            parts.append(TerminalText.pad(texts[index], to: widths[position], alignRight: alignRight))
        }
        return parts.joined(separator: String(repeating: " ", count: gap))
    }

    /// The column's field id (what `--fields`, `--json a,b` and `--jsonl`
    /// call it), upper-cased, with ▲ or ▼ when the list is sorted by it: a
    /// header is always a name the options take.
    func header(for column: ListColumn, in list: ListContent) -> String {
        var text = clean(column.id).uppercased()
        if let key = column.sortKey, key == list.sort {
            text += list.sortDescending == true ? " ▼" : " ▲"
        }
        return text
    }

    /// Cuts the widest cuttable columns until the table fits `room`.
    func shrink(_ natural: [Int], columns: [ListColumn], to room: Int) -> [Int] {
        var widths = natural
        func total() -> Int { widths.reduce(0, +) + max(0, widths.count - 1) * Self.gap }
        var excess = total() - room
        while excess > 0 {
            var widest: Int?
            for index in widths.indices where Self.cuttable(columns[index]) {
                let floor = min(natural[index], Self.minimumText)
                guard widths[index] > floor else { continue }
                if widest == nil || widths[index] > widths[widest!] { widest = index }
            }
            guard let widest else { break }
            // Cut the widest down to the next widest in one go (or as far as needed).
            let others = widths.indices.filter { $0 != widest && Self.cuttable(columns[$0]) }.map { widths[$0] }
            let target = max(others.max() ?? 0, min(natural[widest], Self.minimumText), widths[widest] - excess)
            let cut = max(1, widths[widest] - target)
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }

    private func clean(_ text: String) -> String { TerminalText.sanitize(text) }
}
