import ScreenKit

/// The short text beside a tool result's structured snapshot: enough for a
/// model (or a person reading a transcript) to follow what happened without
/// the JSON. The data stays in `structuredContent`; this is never parsed.
/// Text from files and folder names is sanitised, as any client may print it.
enum SnapshotText {
    static let rowLimit = 10

    static func render(_ snapshot: ScreenSnapshot, handle: String, version: Int) -> String {
        var lines = ["\(snapshot.title) [\(snapshot.screen) \(handle), version \(version)]"]
        if let message = snapshot.status.message { lines.append("\(snapshot.status.kind.rawValue): \(message)") }
        if let form = snapshot.content.form {
            for field in form.fields {
                let value = field.secret ? (field.value.isEmpty ? "" : "(hidden)") : field.value
                lines.append("\(field.label) [\(field.id)]: \(value)" + (field.message.map { " — \($0)" } ?? ""))
            }
        }
        if let detail = snapshot.content.detail {
            for row in detail.rows { lines.append("\(row.label): \(row.value)") }
        }
        if let list = snapshot.content.list { lines += render(list) }
        let enabled = snapshot.actions.filter(\.enabled).map(\.name)
        lines.append("Actions: " + (enabled.isEmpty ? "none" : enabled.joined(separator: ", ")))
        return lines.map(TerminalText.sanitize).joined(separator: "\n")
    }

    static func render(_ list: ListContent) -> [String] {
        guard !list.items.isEmpty else { return [list.emptyMessage.isEmpty ? "No rows." : list.emptyMessage] }
        var heading = "Rows \(list.offset + 1)–\(list.offset + list.items.count) of \(list.total)"
        if let filter = list.filter, !filter.isEmpty { heading += ", filter \"\(filter)\"" }
        if let sort = list.sort { heading += ", sorted by \(sort)" }
        var lines = [heading + ":"]
        let others = list.columns.map(\.id).filter { $0 != "title" && $0 != "name" }
        for item in list.items.prefix(rowLimit) {
            let cells = others.map { item.text($0) }.filter { !$0.isEmpty }
            lines.append("- [\(item.id)] \(item.title)" + (cells.isEmpty ? "" : " · " + cells.joined(separator: " · ")))
        }
        if list.items.count > rowLimit { lines.append("… \(list.items.count - rowLimit) more rows in structuredContent") }
        return lines
    }
}
