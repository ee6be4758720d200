/// How the content area is shared between the parts of a snapshot: form,
/// detail and list, in that order, one blank row between parts. Every part
/// that is present gets rows — a screen with a form and a detail shows both
/// (the token after signing in, the folder being renamed) — and a list keeps
/// room for its header and a few rows.
struct ContentLayout: Equatable {
    /// Rows a list keeps at the least: its header and three items.
    static let minimumListRows = 4

    var form = 0
    var detail = 0

    /// `form` and `detail` are the rows each part wants (nil when absent);
    /// `listRows` the rows the list could fill (its header and items), when
    /// known. On a short terminal the list is what the user works in, so it
    /// keeps two thirds of the area when it has that much to show, and the
    /// parts above give up their last rows.
    init(form wantedForm: Int?, detail wantedDetail: Int?, list: Bool, listRows: Int? = nil, available: Int) {
        let listKeeps = listRows.map { min($0, max(Self.minimumListRows, available * 2 / 3)) } ?? Self.minimumListRows
        var budget = available - (list ? max(Self.minimumListRows, listKeeps) : 0)
        if wantedForm != nil, wantedDetail != nil || list { budget -= 1 }
        if wantedDetail != nil, list { budget -= 1 }
        budget = max(0, budget)
        let wantsDetail = wantedDetail ?? 0
        // The form comes first but leaves the detail a share (its first
        // rows at least); the detail takes what the form does not need.
        let detailShare = min(wantsDetail, max(1, budget / 3))
        form = min(wantedForm ?? 0, max(0, budget - detailShare))
        detail = min(wantsDetail, max(0, budget - form))
    }
}
