import ScreenKit

/// Which of a list's columns are drawn at a given width, where and how wide.
///
/// Every column has a minimum from its type: numbers, sizes, durations,
/// times and flags are never cut (a cut date or size is a wrong one); text
/// may be cut to a stump no shorter than its header. The TUI keeps as many
/// columns as fit at their minimums, dropping the least important first
/// (`ListColumn.fitting`: priority 0 and the sorted-by column stay). The
/// main column is then shown whole if that takes at most a third of the
/// table; the text columns share what is left, each up to its whole width
/// (`ColumnShares.fair`: the narrowest grows first, so long ones end up
/// alike and one long name cannot take the room a path needs); a share
/// column (`ListColumn.Kind.share`) asks for room for its bar in the same
/// round. Whatever is left after that widens the text columns (the main
/// one most), so numbers stay on the right edge.
struct TableLayout: Equatable {
    struct Slot: Equatable {
        /// Index into `ListContent.columns`.
        var index: Int
        /// Cells from the table's left edge.
        var x: Int
        var width: Int
        /// Cells at the slot's right end given to a share bar (0: none).
        var bar = 0
    }

    static let gap = 2
    /// A text column is not squeezed below this many cells to keep another
    /// column (unless its text is shorter).
    static let textFloor = 10
    /// The main column (priority 0) keeps at least this much.
    static let mainFloor = 16
    /// A share bar with its brackets: the most it takes, and the least
    /// worth drawing (fewer cells could not tell shares apart).
    static let barWidth = 12
    static let barMinimum = 7

    var slots: [Slot]
    /// The column whose cells carry the row's badges (the main one).
    var badgeColumn: Int?

    /// Whether values of `column` are always shown whole.
    static func isWhole(_ column: ListColumn) -> Bool {
        switch column.type {
        case .text, .path, .url: false
        default: true
        }
    }

    /// `natural[i]` is the width column `i` wants: its widest header or
    /// cell among the rows on screen.
    /// `empty` names columns no loaded row has a value for (no problems,
    /// no covers): they say nothing, so they give their room to the rest,
    /// as in the CLI's tables. The main column stays regardless.
    /// `sortedBy` is the list's sort key: its column is never dropped.
    init(columns: [ListColumn], natural: [Int], width: Int, empty: Set<Int> = [], sortedBy: String? = nil) {
        guard !columns.isEmpty, width > 0 else {
            slots = []
            badgeColumn = nil
            return
        }
        let labels = columns.map { CellWidth.of($0.label) }
        let minimum = columns.indices.map { index -> Int in
            let column = columns[index]
            if Self.isWhole(column) { return natural[index] }
            let floor = column.priority == 0 ? Self.mainFloor : max(Self.textFloor, min(labels[index], 16))
            return min(natural[index], floor)
        }
        let candidates = columns.indices.filter { !empty.contains($0) || columns[$0].priority == 0 }
        var kept = candidates.map { columns[$0] }
            .fitting(width: width, natural: candidates.map { minimum[$0] }, gap: Self.gap, sortedBy: sortedBy)
            .map { candidates[$0] }
        if kept.isEmpty { kept = [0] }
        var widths = Dictionary(uniqueKeysWithValues: kept.map { ($0, minimum[$0]) })
        var bars: [Int: Int] = [:]
        let used = kept.reduce(0) { $0 + minimum[$1] } + (kept.count - 1) * Self.gap
        var spare = width - used
        let main = Self.mainColumn(of: columns, among: kept)
        if spare > 0 {
            // The main column names the row: it is shown whole first when
            // that takes no more than a third of the table.
            let mainFirst = natural[main] <= width / 3 ? min(spare, max(0, natural[main] - (widths[main] ?? 0))) : 0
            widths[main, default: 0] += mainFirst
            spare -= mainFirst
            // Text columns want their whole width, share columns their bar
            // (a space and the bracketed bar): one fair round for all.
            func wants(barsFor shares: [Int]) -> [Int] {
                kept.map { index in
                    if shares.contains(index) { return 1 + Self.barWidth }
                    return Self.isWhole(columns[index]) ? 0 : natural[index] - (widths[index] ?? 0)
                }
            }
            var shares = kept.filter { columns[$0].kind == .share && !empty.contains($0) }
            // Bars start from nothing; text from its width so far.
            func start(barsFor shares: [Int]) -> [Int] { kept.map { shares.contains($0) ? 0 : widths[$0] ?? 0 } }
            var given = ColumnShares.fair(spare, wants: wants(barsFor: shares), widths: start(barsFor: shares))
            // A bar too short to read is not drawn; its cells go to the text.
            let stunted = shares.filter { given[kept.firstIndex(of: $0)!] < 1 + Self.barMinimum }
            if !stunted.isEmpty {
                shares.removeAll { stunted.contains($0) }
                given = ColumnShares.fair(spare, wants: wants(barsFor: shares), widths: start(barsFor: shares))
            }
            for (position, index) in kept.enumerated() {
                widths[index, default: 0] += given[position]
                if shares.contains(index) { bars[index] = given[position] - 1 }
            }
            spare -= given.reduce(0, +)
            // What is left widens the text columns, the main one most, so
            // the table fills the row and numbers end at its right edge.
            let text = kept.filter { !Self.isWhole(columns[$0]) }
            let weights = text.map { $0 == main ? 3 : 2 }
            let totalWeight = weights.reduce(0, +)
            var extra = 0
            if totalWeight > 0 {
                for (index, weight) in zip(text, weights) where index != main {
                    let part = spare * weight / totalWeight
                    widths[index, default: 0] += part
                    extra += part
                }
            }
            widths[main, default: 0] += spare - extra
        } else if spare < 0 {
            // Even the kept columns do not fit (a very narrow terminal):
            // the main column gives up cells, never below one.
            widths[main] = max(1, (widths[main] ?? 0) + spare)
        }
        var x = 0
        var slots: [Slot] = []
        for index in kept {
            let w = min(widths[index] ?? 0, max(0, width - x))
            let bar = bars[index] ?? 0
            slots.append(Slot(index: index, x: x, width: w, bar: w == widths[index] ? bar : 0))
            x += w + Self.gap
        }
        self.slots = slots
        badgeColumn = main
    }
}

extension TableLayout {
    /// The column that names the row and carries its badges: the first
    /// text column that is never dropped, else the first text column.
    static func mainColumn(of columns: [ListColumn], among indices: [Int]) -> Int {
        indices.first { columns[$0].priority == 0 && !columns[$0].type.isNumeric }
            ?? indices.first { !columns[$0].type.isNumeric } ?? indices.first ?? 0
    }
}

/// Measuring text in cells, with a fast path for plain ASCII (most cells
/// of most tables), so measuring every visible cell each frame stays cheap.
enum CellWidth {
    static func of(_ text: String) -> Int {
        var ascii = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            ascii = false
            break
        }
        return ascii ? text.utf8.count : TerminalText.width(text)
    }
}

/// Column widths that only grow while a list is on screen, so scrolling
/// past a wider value does not make the columns jump back and forth. They
/// start over when the list's columns or filter change.
struct TableWidths: Equatable {
    private var key: [String] = []
    private var widths: [String: Int] = [:]

    mutating func steady(_ natural: [Int], for list: ListContent) -> [Int] {
        let current = list.columns.map(\.id) + [list.filter ?? ""]
        if current != key {
            key = current
            widths = [:]
        }
        return zip(list.columns, natural).map { column, width in
            let kept = max(width, widths[column.id] ?? 0)
            widths[column.id] = kept
            return kept
        }
    }
}
