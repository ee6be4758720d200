/// What a screen shows: a list, a form, a detail, or several of them at once.
///
/// Front ends draw the parts that are present in a fixed order (form, detail,
/// list) so a new screen needs no front-end code to appear.
public struct ScreenContent: Codable, Equatable, Sendable {
    public var form: FormContent?
    public var detail: DetailContent?
    public var list: ListContent?

    public init(form: FormContent? = nil, detail: DetailContent? = nil, list: ListContent? = nil) {
        self.form = form
        self.detail = detail
        self.list = list
    }
}

/// A window onto a list that may be far longer than what is loaded.
///
/// `offset` is the index of `items[0]` in the whole (filtered, sorted) list and
/// `total` its length, so a front end can draw a scroll position for a
/// million-row list while only a page is in memory.
public struct ListContent: Codable, Equatable, Sendable {
    public var items: [ListItem]
    public var offset: Int
    public var total: Int
    public var hasMore: Bool
    public var loadingMore: Bool
    /// The filter text in force, when the screen offers filtering.
    public var filter: String?
    /// The sort key in force, when the screen offers sorting (a column's `sortKey`).
    public var sort: String?
    /// The sort runs from largest to smallest (or Z to A).
    public var sortDescending: Bool?
    /// The table's columns, most important first in declaration order; every
    /// row carries a typed value (and display text) per column id.
    public var columns: [ListColumn]
    /// What to say when `items` is empty.
    public var emptyMessage: String
    /// Set only on the JSON-RPC wire, for a client that asked for list
    /// deltas: `items` are then only the rows it lacked (`ReusedRows`).
    public var reused: ReusedRows? = nil

    public init(
        items: [ListItem], offset: Int = 0, total: Int? = nil, hasMore: Bool = false,
        loadingMore: Bool = false, filter: String? = nil, sort: String? = nil, sortDescending: Bool? = nil,
        columns: [ListColumn], emptyMessage: String = "Nothing here yet."
    ) {
        self.items = items
        self.offset = offset
        self.total = total ?? (offset + items.count)
        self.hasMore = hasMore
        self.loadingMore = loadingMore
        self.filter = filter
        self.sort = sort
        self.sortDescending = sortDescending
        self.columns = columns
        self.emptyMessage = emptyMessage
    }

    public func column(_ id: String) -> ListColumn? { columns.first { $0.id == id } }
}

/// One row of a list. `id` is what item-typed action parameters take;
/// `title` names the row for people (prompts, confirmations, notices).
public struct ListItem: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var title: String
    /// The row's data by column id, typed (see `ListColumn.type`).
    public var values: [String: TypedValue]
    /// Display text by column id, only where it differs from the value's
    /// plain form (`"1.9 MiB"` for 1957000 bytes). Use `text(_:)`.
    public var cells: [String: String]
    /// Short state words a front end draws distinctly (`visited`, `selected`, `error`).
    public var badges: [String]

    public init(id: String, title: String, values: [String: TypedValue] = [:], cells: [String: String] = [:], badges: [String] = []) {
        self.id = id
        self.title = title
        self.values = values
        self.cells = cells
        self.badges = badges
    }

    /// What a person sees in a column: its display text, else the value.
    public func text(_ column: String) -> String {
        cells[column] ?? values[column]?.description ?? ""
    }

    /// Sets a column's typed value and, when it reads differently, its display text.
    public mutating func set(_ column: String, _ value: TypedValue, display: String? = nil) {
        values[column] = value
        if let display, display != value.description {
            cells[column] = display
        } else if !cells.isEmpty {
            // (Most rows have no display text at all: no key to hash away.)
            cells[column] = nil
        }
    }

    /// The same row with a column set, for building rows in one expression.
    /// `consuming`: a row built in a chain of `with` calls moves from one
    /// call to the next instead of copying its dictionaries each time.
    public consuming func with(_ column: String, _ value: TypedValue, display: String? = nil) -> ListItem {
        set(column, value, display: display)
        return self
    }
}

/// A form: fields the user edits, sent to the view model with `set-field`.
public struct FormContent: Codable, Equatable, Sendable {
    public var fields: [FormField]
    /// The action that submits the form; its `enabled` flag says whether it may.
    public var submitAction: String?

    public init(fields: [FormField], submitAction: String? = nil) {
        self.fields = fields
        self.submitAction = submitAction
    }
}

public struct FormField: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var label: String
    /// The current value. Empty for secret fields: secrets never leave the view model.
    public var value: String
    public var placeholder: String?
    public var secret: Bool
    public var readOnly: Bool
    /// The validation message for the current value, nil when valid.
    public var message: String?
    /// When present, the value must be one of these.
    public var choices: [String]?
    public var maxLength: Int?

    public init(
        id: String, label: String, value: String, placeholder: String? = nil, secret: Bool = false,
        readOnly: Bool = false, message: String? = nil, choices: [String]? = nil, maxLength: Int? = nil
    ) {
        self.id = id
        self.label = label
        self.value = value
        self.placeholder = placeholder
        self.secret = secret
        self.readOnly = readOnly
        self.message = message
        self.choices = choices
        self.maxLength = maxLength
    }
}

/// Label/value rows, like a property sheet.
public struct DetailContent: Codable, Equatable, Sendable {
    public var rows: [DetailRow]
    public init(rows: [DetailRow]) { self.rows = rows }
}

public struct DetailRow: Codable, Equatable, Sendable {
    /// Stable key for programs (`bytes`, `token`); defaults to the label.
    public var id: String
    public var label: String
    /// What a person reads.
    public var value: String
    /// The same fact typed for programs (bytes as an integer, a time in ISO 8601).
    public var data: TypedValue
    public var type: ValueType

    public init(_ label: String, _ value: String, id: String? = nil, data: TypedValue? = nil, type: ValueType = .text) {
        self.id = id ?? label
        self.label = label
        self.value = value
        self.data = data ?? .string(value)
        self.type = type
    }
}

extension ScreenContent {
    /// The detail a person reads: a row that repeats a form field (the
    /// Settings form and its saved values) is left out, so each fact shows
    /// once where the form is drawn beside it. Programs keep every row, typed.
    public var detailBesideForm: DetailContent? {
        guard var detail else { return nil }
        let fields = Set(form?.fields.map(\.id) ?? [])
        detail.rows.removeAll { fields.contains($0.id) }
        return detail.rows.isEmpty ? nil : detail
    }
}
