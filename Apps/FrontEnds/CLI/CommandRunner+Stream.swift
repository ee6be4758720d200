import ScreenKit

/// `--limit N` / `--all`: the end state printed with the rows the span
/// names, written a page at a time as the screen hands them over
/// (`ListPages`), so the command holds one page whatever the list's length.
extension CommandRunner {
    func finishStreaming(_ snapshot: ScreenSnapshot, from screen: any Screen) async throws(ScreenError) -> Int32 {
        guard snapshot.status.kind != .error, let list = snapshot.content.list else { return try finish(snapshot) }
        switch mode {
        case .rows(let fields):
            let export = RowExport(snapshot: snapshot)
            try export.validate(fields)
            var buffer = JSONLineBuffer(fields: fields.map { $0.map { export.canonical($0) ?? $0 } } ?? export.available)
            _ = try await ListPages.write(span, of: screen, list: list) { page in
                buffer.append(page)
                out.print(utf8: buffer.bytes)
                buffer.clear()
            }
        case .jsonFields(let fields):
            if try await !streamJSONArray(snapshot, fields: fields, list: list, from: screen) { return 1 }
        case .json:
            try await streamJSON(snapshot, list: list, from: screen)
        case .human:
            try await streamTable(snapshot, list: list, from: screen)
        }
        if snapshot.status.kind == .warning { out.diagnostic(snapshot.status) }
        return 0
    }

    /// `--json a,b` with every row the span names: the same array
    /// `RowExport.json(fields:)` prints for the window, written a page at a
    /// time (one object per line, commas between). Through `--jq` the array
    /// is kept whole, as jq reads its input whole; false when the filter failed.
    private func streamJSONArray(
        _ snapshot: ScreenSnapshot, fields: [String], list: ListContent, from screen: any Screen
    ) async throws(ScreenError) -> Bool {
        let export = RowExport(snapshot: snapshot)
        try export.validate(fields)
        var buffer = JSONLineBuffer(fields: fields.map { export.canonical($0) ?? $0 })
        var first = true
        var whole = ""
        let emit: (String) -> Void = { text in
            if jq == nil { out.sink(text, .standardOutput) } else { whole += text }
        }
        _ = try await ListPages.write(span, of: screen, list: list) { page in
            // The page as JSON lines, one object per line (a string's own line
            // breaks are escaped), each then led by the array's comma.
            buffer.append(page)
            var text = ""
            for line in String(decoding: buffer.bytes, as: UTF8.self).split(separator: "\n") {
                text += (first ? "[\n" : ",\n") + line
                first = false
            }
            buffer.clear()
            emit(text)
        }
        emit(first ? "[]\n" : "\n]\n")
        return jq == nil || printJSON(whole)
    }

    /// The snapshot as `--json` prints it, its list's items being every row
    /// the span names: the text around `"items":[]` is written first and
    /// last, the rows in between as they are read.
    private func streamJSON(_ snapshot: ScreenSnapshot, list: ListContent, from screen: any Screen) async throws(ScreenError) {
        var shell = snapshot
        shell.content.list?.items = []
        shell.content.list?.hasMore = span.limit.map { list.offset + $0 < list.total } ?? false
        let text = SnapshotJSON.string(shell)
        // Keys are sorted and strings escape their quotes, so this is the
        // list's own `items` key: no string value can contain it unescaped.
        let marker = "\"items\":[]"
        guard let range = text.range(of: ",\(marker)") ?? text.range(of: "{\(marker)") else {
            out.print(text)
            return
        }
        let head = text[..<range.lowerBound] + text[range.lowerBound..<range.upperBound].dropLast()
        out.sink(String(head), .standardOutput)
        let encoder = SnapshotJSON.encoder()
        var first = true
        _ = try await ListPages.write(span, of: screen, list: list) { page in
            var chunk = ""
            for item in page.items {
                if !first { chunk += "," }
                first = false
                chunk += String(decoding: SnapshotJSON.data(item, with: encoder), as: UTF8.self)
            }
            out.sink(chunk, .standardOutput)
        }
        out.print("]" + text[range.upperBound...])
    }

    /// The screen for people, its table laid out from the first page and
    /// kept to those widths for the rest.
    private func streamTable(_ snapshot: ScreenSnapshot, list: ListContent, from screen: any Screen) async throws(ScreenError) {
        var top = snapshot
        top.content.list = nil
        // For a pipe, the rows alone on stdout (see `printRowsAlone`).
        let place: (String) -> Void = out.stdoutIsTerminal ? { out.print($0) } : { out.aside($0) }
        place(out.renderer.render(top))
        let table = TableRenderer(style: out.renderer.style, width: out.renderer.width)
        var layout: TableRenderer.Layout?
        let shown = try await ListPages.write(span, of: screen, list: list) { page in
            let items = page.items
            if layout == nil {
                var first = list
                first.items = items
                layout = table.layout(first)
                if let layout { place(layout.header) }
            }
            if let layout {
                out.print(lines: table.lines(items, layout: layout))
            } else {
                out.print(lines: page.titles.map { TerminalText.sanitize($0) })
            }
        }
        if shown == 0 {
            place(out.renderer.style.dim(TerminalText.sanitize(list.emptyMessage)))
        } else {
            out.aside(out.renderer.footerLine(list, actions: snapshot.actions, shown: shown))
        }
        if snapshot.status.kind == .notice || snapshot.status.kind == .loading { out.statusAside(snapshot.status, table: true) }
    }
}
