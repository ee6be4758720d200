/// The one grammar every list screen speaks, stated once so that a user who
/// learnt it on one screen can use it on all of them, in every front end:
///
/// - `--sort COLUMN` (screen parameter) and `sort COLUMN` (action): order by
///   any column declared sortable, named by its id (the CLI's header, the
///   JSON field) or its label, case ignored; the choices are the ids.
///   Each column has a natural direction (names A→Z, positions 1→N, sizes,
///   counts and dates largest or newest first, as a person expects them).
/// - `--reverse` (screen parameter, and a flag of the `sort` action): the
///   other way round from the column's natural direction. The `sort` action
///   also takes `descending` (largest, newest or Z first), an absolute
///   direction, which is what a keyboard front end toggles; when both are
///   given `descending` wins.
/// - `--filter TEXT` (screen parameter) and `filter TEXT` (action): only the
///   rows containing TEXT, case ignored the way `CaseFolding` ignores it (so
///   `go` finds `Go`, `é` finds `É`). Empty text shows every row.
/// - Items: the `id` a row carries (what `--jsonl` prints) is accepted by
///   every action that takes an item on that screen; a screen may accept a
///   second spelling people type (a repository's `owner/name`), never a
///   different one per action.
/// - Field ids: a column's `id` is the name of its field in `--jsonl`,
///   `--fields` and `--json a,b`, and what the CLI's table header shows.
///
/// Sorting and filtering happen where the data lives: a SQLite-backed list
/// sends them to its store as ORDER BY/WHERE through its domain service; a
/// view model never sorts a page it was handed.
public enum ListGrammar {
    /// Screen parameter: a column's sort key.
    public static let sort = "sort"
    /// Screen parameter and `sort` action flag: the other way round.
    public static let reverse = StandardParam.reverse
    /// Screen parameter: the text rows must contain.
    public static let filter = "filter"

    /// `--sort`, `--reverse` and `--filter`, in that order, for a screen's
    /// descriptor. `filterLabel` says what the text is matched against.
    public static func screenParams(columns: [ListColumn], filterLabel: String = "Only rows containing this text (case ignored)")
        -> [ParamDescriptor]
    {
        [
            sortParam(name: sort, columns: columns, required: false),
            reverseParam,
            ParamDescriptor(name: filter, label: filterLabel, required: false),
        ]
    }

    /// The `--reverse` flag, the same wherever it appears.
    public static let reverseParam = ParamDescriptor(
        name: reverse, label: "The other way round (smallest, oldest or Z first where the column starts big)",
        kind: .bool, required: false)

    /// The `descending` flag of a `sort` action: an absolute direction.
    public static let descendingParam = ParamDescriptor(
        name: StandardParam.descending, label: "Largest, newest or Z first", kind: .bool, required: false)

    /// The parameters of every list screen's `sort` action.
    public static func sortParams(columns: [ListColumn]) -> [ParamDescriptor] {
        [
            sortParam(name: StandardParam.by, columns: columns, required: true),
            reverseParam, descendingParam,
        ]
    }

    /// A choice of the sortable columns' ids that also takes their labels,
    /// case ignored, and hands the screen the id.
    static func sortParam(name: String, columns: [ListColumn], required: Bool) -> ParamDescriptor {
        var param = ParamDescriptor(
            name: name, label: "Sort by", kind: .choice, required: required, positional: required, choices: columns.sortKeys)
        param.choiceAliases = columns.sortLabels
        return param
    }

    /// Whether to sort largest (newest, Z) first: an explicit `descending`
    /// wins; otherwise the column's natural direction, flipped by `reverse`.
    public static func descending(_ arguments: ActionArguments, natural: Bool) -> Bool {
        if let explicit = arguments.bool(StandardParam.descending) { return explicit }
        return natural != (arguments.bool(reverse) ?? false)
    }
}
