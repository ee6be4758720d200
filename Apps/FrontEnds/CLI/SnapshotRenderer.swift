import ScreenKit

/// Draws a snapshot as plain text for people: title, status, form, detail,
/// then the list as aligned columns cut to the terminal's width. Every piece
/// of text is sanitised first, since it may come from files or the network.
struct SnapshotRenderer {
    let style: TerminalStyle
    let width: Int

    func render(_ snapshot: ScreenSnapshot) -> String {
        var lines: [String] = [style.bold(clean(snapshot.title))]
        if let form = snapshot.content.form { lines += render(form) }
        if let detail = snapshot.content.detail { lines += render(detail) }
        if let list = snapshot.content.list { lines += render(list) }
        if let status = statusLine(snapshot.status) { lines.append(status) }
        return lines.joined(separator: "\n")
    }

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

    func render(_ form: FormContent) -> [String] {
        let labelWidth = form.fields.map { TerminalText.width(clean($0.label)) }.max() ?? 0
        return form.fields.map { field in
            var value = field.secret ? (field.placeholder ?? "") : clean(field.value)
            if value.isEmpty, let placeholder = field.placeholder { value = style.dim(clean(placeholder)) }
            var line = TerminalText.pad(clean(field.label), to: labelWidth) + "  " + value
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

    func render(_ list: ListContent) -> [String] {
        guard !list.items.isEmpty else { return [style.dim(clean(list.emptyMessage))] }
        let rows = list.items.map { item in
            (title: clean(item.title), subtitle: clean(item.legacySlots(in: list).subtitle ?? ""),
             trailing: clean(item.legacySlots(in: list).trailing ?? ""), badges: item.badges.map(clean))
        }
        let hasSubtitle = rows.contains { !$0.subtitle.isEmpty } || list.legacyColumns.subtitle != nil
        let trailingWidth = max(rows.map { TerminalText.width($0.trailing) }.max() ?? 0,
                                TerminalText.width(list.legacyColumns.trailing ?? ""))
        let badgeText = rows.map { $0.badges.isEmpty ? "" : " [" + $0.badges.joined(separator: ", ") + "]" }
        let badgeWidth = badgeText.map(TerminalText.width).max() ?? 0
        let flexible = max(12, width - trailingWidth - badgeWidth - (hasSubtitle ? 4 : 2))
        let titleNeed = max(rows.map { TerminalText.width($0.title) }.max() ?? 0, TerminalText.width(list.legacyColumns.title))
        let subtitleNeed = max(rows.map { TerminalText.width($0.subtitle) }.max() ?? 0, TerminalText.width(list.legacyColumns.subtitle ?? ""))
        var titleWidth = titleNeed
        var subtitleWidth = hasSubtitle ? subtitleNeed : 0
        if titleWidth + subtitleWidth > flexible {
            // Share the room, giving the title at least 60% when both are long.
            titleWidth = min(titleNeed, max(flexible * 3 / 5, flexible - subtitleNeed))
            subtitleWidth = hasSubtitle ? max(0, flexible - titleWidth) : 0
        }

        func line(_ title: String, _ subtitle: String, _ trailing: String, _ badges: String) -> String {
            var text = TerminalText.pad(title, to: titleWidth)
            if hasSubtitle { text += "  " + TerminalText.pad(subtitle, to: subtitleWidth) }
            if trailingWidth > 0 { text += "  " + TerminalText.pad(trailing, to: trailingWidth, alignRight: true) }
            return (text + badges).trimmingTrailingSpaces
        }

        var lines = [style.dim(line(
            list.legacyColumns.title.uppercased(), (list.legacyColumns.subtitle ?? "").uppercased(),
            (list.legacyColumns.trailing ?? "").uppercased(), ""))]
        for (index, row) in rows.enumerated() {
            let faded = row.badges.contains("visited")
            let text = line(row.title, row.subtitle, row.trailing, style.cyan(badgeText[index]))
            lines.append(faded ? style.dim(text) : text)
        }
        let first = list.offset + 1
        let last = list.offset + list.items.count
        var footer = "\(first)–\(last) of \(list.total)"
        if let filter = list.filter, !filter.isEmpty { footer += " matching \"\(clean(filter))\"" }
        if let sort = list.sort { footer += ", by \(sort)" }
        if list.hasMore { footer += "; more with 'load-more' or 'page N'" }
        lines.append(style.dim(TerminalText.truncate(footer, to: width)))
        return lines
    }

    private func clean(_ text: String) -> String { TerminalText.sanitize(text) }
}
