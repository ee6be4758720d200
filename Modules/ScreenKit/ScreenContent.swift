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
    /// The sort key in force, when the screen offers sorting.
    public var sort: String?
    /// Names the list's columns for renderers that draw a header.
    public var columns: ListColumns
    /// What to say when `items` is empty.
    public var emptyMessage: String

    public init(
        items: [ListItem], offset: Int = 0, total: Int? = nil, hasMore: Bool = false,
        loadingMore: Bool = false, filter: String? = nil, sort: String? = nil,
        columns: ListColumns = ListColumns(), emptyMessage: String = "Nothing here yet."
    ) {
        self.items = items
        self.offset = offset
        self.total = total ?? (offset + items.count)
        self.hasMore = hasMore
        self.loadingMore = loadingMore
        self.filter = filter
        self.sort = sort
        self.columns = columns
        self.emptyMessage = emptyMessage
    }
}

/// Header labels for a list's columns (title, subtitle, trailing).
public struct ListColumns: Codable, Equatable, Sendable {
    public var title: String
    public var subtitle: String?
    public var trailing: String?

    public init(title: String = "Name", subtitle: String? = nil, trailing: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
    }
}

/// One row of a list. `id` is what item-typed action parameters take.
public struct ListItem: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var subtitle: String?
    /// Right-aligned detail such as a size or a count.
    public var trailing: String?
    /// Short state words a front end draws distinctly (`visited`, `selected`, `error`).
    public var badges: [String]

    public init(id: String, title: String, subtitle: String? = nil, trailing: String? = nil, badges: [String] = []) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
        self.badges = badges
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
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
