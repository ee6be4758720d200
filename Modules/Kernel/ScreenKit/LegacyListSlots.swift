/// Contract-1 shims: the three fixed slots (title, subtitle, trailing) that
/// front ends and tests used before lists became tables. They exist only
/// while the front ends move to `ListContent.columns`; nothing new may use them.
public struct ListColumns: Codable, Equatable, Sendable {
    public var title: String
    public var subtitle: String?
    public var trailing: String?

    public init(title: String = "Name", subtitle: String? = nil, trailing: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
    }

    /// The same slots as contract-2 columns (`title`, `subtitle`, `trailing`).
    public var columns: [ListColumn] {
        var result = [ListColumn("title", title, priority: 0)]
        if let subtitle { result.append(ListColumn("subtitle", subtitle, priority: 2)) }
        if let trailing { result.append(ListColumn("trailing", trailing, alignment: .trailing, priority: 1)) }
        return result
    }
}

extension ListContent {
    @available(*, deprecated, message: "contract 2: declare [ListColumn]")
    public init(
        items: [ListItem], offset: Int = 0, total: Int? = nil, hasMore: Bool = false,
        loadingMore: Bool = false, filter: String? = nil, sort: String? = nil,
        columns: ListColumns = ListColumns(), emptyMessage: String = "Nothing here yet."
    ) {
        self.init(
            items: items, offset: offset, total: total, hasMore: hasMore, loadingMore: loadingMore, filter: filter,
            sort: sort, columns: columns.columns, emptyMessage: emptyMessage)
    }

    /// The table squeezed into three slots: the first column as title, the
    /// first other text column as subtitle, the last column as trailing.
    @available(*, deprecated, message: "contract 2: render columns")
    public var legacyColumns: ListColumns {
        let slots = legacySlots
        return ListColumns(
            title: slots.title?.label ?? "Name", subtitle: slots.subtitle?.label, trailing: slots.trailing?.label)
    }

    var legacySlots: (title: ListColumn?, subtitle: ListColumn?, trailing: ListColumn?) {
        let title = columns.first
        let rest = columns.dropFirst()
        let trailing = rest.last(where: { $0.alignment == .trailing }) ?? (rest.count > 1 ? rest.last : nil)
        let subtitle = rest.first(where: { $0.id != trailing?.id && $0.alignment == .leading })
        return (title, subtitle, trailing)
    }
}

extension ListItem {
    @available(*, deprecated, message: "contract 2: set typed values per column")
    public init(id: String, title: String, subtitle: String?, trailing: String? = nil, badges: [String] = []) {
        self.init(id: id, title: title, values: [:], cells: [:], badges: badges)
        set("title", .string(title))
        if let subtitle { set("subtitle", .string(subtitle)) }
        if let trailing { set("trailing", .string(trailing)) }
    }

    @available(*, deprecated, message: "contract 2: read values or text(column)")
    public var subtitle: String? { cells["subtitle"] ?? values["subtitle"]?.stringValue }
    @available(*, deprecated, message: "contract 2: read values or text(column)")
    public var trailing: String? { cells["trailing"] ?? values["trailing"]?.stringValue }

    /// The slot texts of this row under `list`'s columns (see `legacyColumns`).
    @available(*, deprecated, message: "contract 2: render columns")
    public func legacySlots(in list: ListContent) -> (subtitle: String?, trailing: String?) {
        let slots = list.legacySlots
        return (slots.subtitle.map { text($0.id) }, slots.trailing.map { text($0.id) })
    }
}
