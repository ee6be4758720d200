/// Where a list screen writes a row's columns: a `ListItem` (one row of a
/// snapshot) or the last row of a `ListPage` (a page read for a script).
/// A screen builds its row with one function over this, so the two can
/// never drift apart.
public protocol ListRowSink {
    /// Sets a column's typed value and, when it reads differently, its display text.
    mutating func set(_ column: String, _ value: TypedValue, display: String?)
}

extension ListItem: ListRowSink {}

/// One page of a list screen's rows, as `ListPageSource` hands it to a front
/// end, stored a column at a time.
///
/// Why not `[ListItem]`: each item holds its values in dictionaries of its
/// own, so printing every row of a long list spent most of its time making,
/// hashing and freeing two small dictionaries per row. A page keeps every
/// row's values in one flat array (row after row, a slot per column) and
/// finds a column once per page, not once per cell. `items` still gives the
/// rows as `ListItem`s to a front end that lays them out one by one.
public struct ListPage: Sendable {
    /// The value columns, in the order of each row's slots.
    public private(set) var columns: [String]
    public private(set) var ids: [String] = []
    public private(set) var titles: [String] = []
    /// nil: a column the row never set (absent from its item, null when read).
    private var values: [TypedValue?] = []
    /// Display text per slot, only where it differs from the value.
    private var cells: [String?] = []
    /// Badges by row, for the few rows that have any.
    private var badges: [Int: [String]] = [:]
    /// The slot the next `set` most likely names: rows set their columns in
    /// the same order every time, so a column is found by one comparison.
    private var cursor = 0

    /// An empty page whose rows will have these value columns.
    public init(columns: [String], capacity: Int = 0) {
        self.columns = columns
        ids.reserveCapacity(capacity)
        titles.reserveCapacity(capacity)
        values.reserveCapacity(capacity * columns.count)
        cells.reserveCapacity(capacity * columns.count)
    }

    /// A page of rows already built as items (a screen whose rows are few
    /// or already in memory). Its columns are every value column the items use.
    public init(_ items: [ListItem]) {
        var columns: [String] = []
        var seen: Set<String> = []
        for item in items {
            for key in item.values.keys where seen.insert(key).inserted { columns.append(key) }
        }
        self.init(columns: columns, capacity: items.count)
        for item in items {
            appendRow(id: item.id, title: item.title, badges: item.badges)
            for (column, value) in item.values { set(column, value, display: item.cells[column]) }
        }
    }

    /// Empties the page for rows with these value columns, keeping its
    /// memory for them.
    public mutating func removeAll(columns: [String]) {
        self.columns = columns
        ids.removeAll(keepingCapacity: true)
        titles.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        badges.removeAll()
        cursor = 0
    }

    public var count: Int { ids.count }
    public var isEmpty: Bool { ids.isEmpty }

    /// Starts a row, with no column set until `set` (on the page, which sets
    /// the last row) gives it a value.
    public mutating func appendRow(id: String, title: String, badges: [String] = []) {
        if !badges.isEmpty { self.badges[ids.count] = badges }
        ids.append(id)
        titles.append(title)
        for _ in columns.indices {
            values.append(nil)
            cells.append(nil)
        }
        cursor = 0
    }

    /// The slot of a column in every row, nil when no row has it.
    public func column(_ id: String) -> Int? {
        columns.firstIndex(of: id)
    }

    /// A row's value in a column (`column(_:)`), null where the row has none.
    public func value(row: Int, column: Int) -> TypedValue {
        values[row * columns.count + column] ?? .null
    }

    /// Hands a row's value in a column to `body` where it lies in the page,
    /// null where the row has none: a writer reads every cell of a long
    /// list, and a copy out of the page would retain and release each one.
    public func withValue<R>(row: Int, column: Int, _ body: (TypedValue) throws -> R) rethrows -> R {
        switch values[row * columns.count + column] {
        case .some(let value): try body(value)
        case .none: try body(.null)
        }
    }

    /// The page's rows as items, as a snapshot would hold them.
    public var items: [ListItem] {
        ids.indices.map { row in
            var item = ListItem(id: ids[row], title: titles[row], badges: badges[row] ?? [])
            for (index, column) in columns.enumerated() {
                let slot = row * columns.count + index
                guard let value = values[slot] else { continue }
                item.values[column] = value
                if let cell = cells[slot] { item.cells[column] = cell }
            }
            return item
        }
    }
}

extension ListPage: ListRowSink {
    /// Sets a column of the last row appended (`appendRow`).
    public mutating func set(_ column: String, _ value: TypedValue, display: String?) {
        precondition(!ids.isEmpty, "set before appendRow")
        let index: Int
        if cursor < columns.count, columns[cursor] == column {
            index = cursor
        } else if let found = columns.firstIndex(of: column) {
            index = found
        } else {
            // A column the page was not made with: every row gets its slot.
            index = columns.count
            addColumn(column)
        }
        cursor = index + 1
        let slot = (ids.count - 1) * columns.count + index
        values[slot] = value
        cells[slot] = display.flatMap { $0 == value.description ? nil : $0 }
    }

    private mutating func addColumn(_ column: String) {
        let width = columns.count
        var wider: [TypedValue?] = []
        var widerCells: [String?] = []
        wider.reserveCapacity(values.capacity / max(width, 1) * (width + 1))
        for row in ids.indices {
            wider += values[row * width..<(row + 1) * width]
            wider.append(nil)
            widerCells += cells[row * width..<(row + 1) * width]
            widerCells.append(nil)
        }
        columns.append(column)
        values = wider
        cells = widerCells
    }
}
