import ScreenKit

/// Which of a list's columns are drawn at a given width, where and how wide.
///
/// The screen declares its columns (`ListContent.columns`); the TUI keeps as
/// many as fit, dropping the least important first (`ListColumn.fitting`:
/// priority 0 is never dropped), then shares the spare width out so no
/// column is cut that could be shown whole. Whatever is left widens the
/// text columns (the main one most), so numbers stay on the right edge.
struct TableLayout: Equatable {
    struct Slot: Equatable {
        /// Index into `ListContent.columns`.
        var index: Int
        /// Cells from the table's left edge.
        var x: Int
        var width: Int
    }

    static let gap = 2
    /// A text column is not squeezed below this many cells to keep another
    /// column (unless its text is shorter).
    static let textFloor = 10
    /// The main column (priority 0) keeps at least this much.
    static let mainFloor = 16

    var slots: [Slot]
    /// The column whose cells carry the row's badges (the main one).
    var badgeColumn: Int?

    /// `natural[i]` is the width column `i` wants: its widest header or
    /// cell among the rows on screen.
    /// `empty` names columns no loaded row has a value for (no problems,
    /// no covers): they say nothing, so they give their room to the rest,
    /// as in the CLI's tables. The main column stays regardless.
    init(columns: [ListColumn], natural: [Int], width: Int, empty: Set<Int> = []) {
        guard !columns.isEmpty, width > 0 else {
            slots = []
            badgeColumn = nil
            return
        }
        let labels = columns.map { CellWidth.of($0.label) }
        let minimum = columns.indices.map { index -> Int in
            let column = columns[index]
            if column.type.isNumeric { return natural[index] }
            let floor = column.priority == 0 ? Self.mainFloor : max(Self.textFloor, min(labels[index], 16))
            return min(natural[index], floor)
        }
        let candidates = columns.indices.filter { !empty.contains($0) || columns[$0].priority == 0 }
        var kept = candidates.map { columns[$0] }
            .fitting(width: width, natural: candidates.map { minimum[$0] }, gap: Self.gap)
            .map { candidates[$0] }
        if kept.isEmpty { kept = [0] }
        var widths = Dictionary(uniqueKeysWithValues: kept.map { ($0, minimum[$0]) })
        let used = kept.reduce(0) { $0 + minimum[$1] } + (kept.count - 1) * Self.gap
        var spare = width - used
        let main = Self.mainColumn(of: columns, among: kept)
        if spare > 0 {
            // The main column names the row: it grows to its natural
            // width first. Then the other text columns grow towards theirs,
            // in proportion to what each lacks; the rest goes to the main one.
            let mainDeficit = min(spare, max(0, natural[main] - (widths[main] ?? 0)))
            widths[main, default: 0] += mainDeficit
            spare -= mainDeficit
            let deficits = kept.map { $0 == main ? 0 : max(0, natural[$0] - minimum[$0]) }
            let totalDeficit = deficits.reduce(0, +)
            if totalDeficit > 0 {
                let share = min(spare, totalDeficit)
                var given = 0
                for (position, index) in kept.enumerated() where deficits[position] > 0 {
                    let extra = deficits[position] * share / totalDeficit
                    widths[index, default: 0] += extra
                    given += extra
                }
                spare -= given
            }
            // What is left widens the text columns, the main one most, so
            // the table fills the row and numbers end at its right edge.
            let text = kept.filter { !columns[$0].type.isNumeric }
            let weights = text.map { $0 == main ? 3 : 2 }
            let totalWeight = weights.reduce(0, +)
            var given = 0
            if totalWeight > 0 {
                for (index, weight) in zip(text, weights) where index != main {
                    let extra = spare * weight / totalWeight
                    widths[index, default: 0] += extra
                    given += extra
                }
            }
            widths[main, default: 0] += spare - given
        } else if spare < 0 {
            // Even the kept columns do not fit (a very narrow terminal):
            // the main column gives up cells, never below one.
            widths[main] = max(1, (widths[main] ?? 0) + spare)
        }
        var x = 0
        var slots: [Slot] = []
        for index in kept {
            let w = min(widths[index] ?? 0, max(0, width - x))
            slots.append(Slot(index: index, x: x, width: w))
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
