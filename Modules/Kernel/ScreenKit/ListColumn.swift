/// One column of a list, declared by the screen so that every front end can
/// draw a table without knowing the feature: the CLI prints aligned columns
/// that fit the terminal, the TUI draws as many as fit, programs read the
/// typed values by `id`.
public struct ListColumn: Codable, Equatable, Sendable, Identifiable {
    public enum Alignment: String, Codable, Sendable {
        case leading, trailing
    }

    /// What a column's numbers mean beyond their type, for renderers that
    /// can draw more than text.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Each value is the row's percentage (0–100) of a whole the list
        /// shares out, such as a folder's part of its parent: a renderer with
        /// room draws a bar beside the number, as ncdu does.
        case share
    }

    /// The column's one name: the key of its value in every row's `values`
    /// and `cells`, its field in `--jsonl`, `--fields` and `--json`, the
    /// CLI's header, and what `--sort` and the `sort` action take.
    public var id: String
    /// Header text for people (the TUI and the web page); `--sort` takes it
    /// too, case ignored, since it is what they read there.
    public var label: String
    public var type: ValueType
    public var alignment: Alignment
    /// Which columns go first when the width is short: lower numbers stay
    /// longer. Priority 0 is never dropped (the row's name).
    public var priority: Int
    /// The column's `id` when the screen can sort by it, nil when it cannot:
    /// there is no second name to learn. Kept in the JSON under this name
    /// for clients that read it.
    public var sortKey: String?
    /// Absent for plain values.
    public var kind: Kind?

    public init(
        _ id: String, _ label: String, type: ValueType = .text, alignment: Alignment? = nil, priority: Int = 1,
        sorts: Bool = false, kind: Kind? = nil
    ) {
        self.id = id
        self.label = label
        self.type = type
        self.alignment = alignment ?? (type.isNumeric ? .trailing : .leading)
        self.priority = priority
        self.sortKey = sorts ? id : nil
        self.kind = kind
    }
}

extension Array where Element == ListColumn {
    /// The ids of the columns the list sorts by, in declaration order: the
    /// choices of `--sort` and of the `sort` action.
    public var sortKeys: [String] { compactMap(\.sortKey) }

    /// Each sortable column's label, lower-cased, to its id: what `--sort`
    /// also takes, so the word read in a TUI header works too.
    public var sortLabels: [String: String] {
        var labels: [String: String] = [:]
        for column in self where column.sortKey != nil { labels[column.label.lowercased()] = column.id }
        return labels
    }

    /// The columns to draw in `width` cells, given each column's natural
    /// width and the gap between columns: drops the least important
    /// (highest priority number, rightmost first) until the rest fit.
    /// Priority-0 columns are always kept, and so is the column the list is
    /// sorted by (`sortedBy`, a sort key): the order of the rows must stay
    /// readable. Returns indices in declaration order.
    public func fitting(width: Int, natural: [Int], gap: Int = 2, sortedBy: String? = nil) -> [Int] {
        var kept = Array<Int>(indices)
        func need(_ set: [Int]) -> Int { set.reduce(0) { $0 + natural[$1] } + Swift.max(0, set.count - 1) * gap }
        while need(kept) > width {
            let droppable = kept.filter { self[$0].priority > 0 && (sortedBy == nil || self[$0].sortKey != sortedBy) }
            guard let worst = droppable.max(by: { (self[$0].priority, $0) < (self[$1].priority, $1) }) else { break }
            kept.removeAll { $0 == worst }
        }
        return kept
    }
}
