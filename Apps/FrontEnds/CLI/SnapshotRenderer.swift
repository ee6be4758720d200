import ScreenKit

/// Draws a snapshot as plain text for people: title, form, detail rows, then
/// the list as a table that fits the terminal, and a footer saying where in
/// the list this is. Every piece of text is sanitised first, since it may
/// come from files or the network. The status line is separate
/// (`statusLine`): the CLI prints a notice after the screen on stdout, but a
/// warning or an error on stderr.
struct SnapshotRenderer {
    let style: TerminalStyle
    let width: Int

    func render(_ snapshot: ScreenSnapshot) -> String {
        var lines: [String] = [style.bold(clean(snapshot.title))]
        if let form = snapshot.content.form { lines += render(form) }
        if let detail = snapshot.content.detailBesideForm { lines += render(detail) }
        if let list = snapshot.content.list { lines += render(list, actions: snapshot.actions) }
        return lines.joined(separator: "\n")
    }

    /// The status as one line whose glyph says what kind it is: `✓` done,
    /// `!` done with problems, `✗` failed, `…` still working.
    func statusLine(_ status: ScreenStatus) -> String? {
        guard let message = status.message.map(clean) else { return nil }
        switch status.kind {
        case .idle: return nil
        case .loading: return style.yellow("… " + message)
        case .notice: return style.green("✓ " + message)
        case .warning: return style.yellow("! " + message)
        case .error: return style.red("✗ " + message)
        }
    }

    /// One line a field: its label, its id (what `set-field`, a screen
    /// option or `settings get` takes), its value.
    func render(_ form: FormContent) -> [String] {
        let labelWidth = form.fields.map { TerminalText.width(clean($0.label)) }.max() ?? 0
        let idWidth = form.fields.map { TerminalText.width(clean($0.id)) }.max() ?? 0
        return form.fields.map { field in
            var value = field.secret ? "" : clean(field.value)
            if value.isEmpty, let placeholder = field.placeholder { value = style.dim(clean(placeholder)) }
            var line = TerminalText.pad(clean(field.label), to: labelWidth) + "  "
                + style.dim(TerminalText.pad(clean(field.id), to: idWidth)) + "  " + value
            if let message = field.message { line += "  " + style.red(clean(message)) }
            return line
        }
    }

    func render(_ detail: DetailContent) -> [String] {
        let labelWidth = detail.rows.map { TerminalText.width(clean($0.label)) }.max() ?? 0
        return detail.rows.map { row in
            style.dim(TerminalText.pad(clean(row.label), to: labelWidth)) + "  "
                + TerminalText.truncate(clean(row.value), to: max(10, width - labelWidth - 2))
        }
    }

    func render(_ list: ListContent, actions: [ActionDescriptor] = [], footer withFooter: Bool = true) -> [String] {
        guard !list.items.isEmpty else { return [style.dim(clean(list.emptyMessage))] }
        var lines = TableRenderer(style: style, width: width).render(list)
        if withFooter { lines.append(footerLine(list, actions: actions)) }
        return lines
    }

    /// The footer as printed: dimmed, cut to the width.
    func footerLine(_ list: ListContent, actions: [ActionDescriptor], shown: Int? = nil) -> String {
        style.dim(TerminalText.truncate(footer(list, actions: actions, shown: shown), to: width))
    }

    /// `21–40 of 120 matching "queen", by artist; more with …` (naming the
    /// screen's `StandardAction.loadMore` when it offers one).
    /// `shown`: how many rows were printed, when not `list.items` (a list
    /// printed a page at a time).
    func footer(_ list: ListContent, actions: [ActionDescriptor], shown: Int? = nil) -> String {
        var footer = "\(list.offset + 1)–\(list.offset + (shown ?? list.items.count)) of \(list.total)"
        if let filter = list.filter, !filter.isEmpty { footer += " matching \"\(clean(filter))\"" }
        if let sort = list.sort {
            // The key, as `--sort`/`sort` take it.
            footer += ", by \(clean(sort))" + (list.sortDescending == true ? " (descending)" : "")
        }
        if shown.map({ list.offset + $0 < list.total }) ?? list.hasMore {
            let more = actions.first { $0.name == StandardAction.loadMore && $0.enabled }
            footer += shown != nil ? "; more with --all" : more.map { "; more with '\($0.name)'" } ?? "; more not shown"
        }
        return footer
    }

    private func clean(_ text: String) -> String { TerminalText.sanitize(text) }
}

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
