import ScreenKit

/// Row 0: the screen switcher (every top-level screen, numbered for the
/// digit keys) with the active one highlighted. Every tab stays visible
/// however many features a build has: when the titles do not fit, the
/// other tabs' titles are shortened (first word, then fewer letters, then
/// the number alone) and the active tab keeps its whole title.
enum TitleBar {
    /// Draws the bar and returns each tab's cell range for mouse clicks.
    static func draw(
        into buffer: inout CellBuffer, row: Int, tabs: [String], active: Int?, width: Int
    ) -> [(range: Range<Int>, index: Int)] {
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .tabBar)
        var x = buffer.write(" facet ", x: 0, y: row, style: .tabBar)
        var ranges: [(Range<Int>, Int)] = []
        for (index, label) in labels(tabs.map(TerminalText.sanitize), active: active, room: width - x).enumerated() {
            let room = width - x
            guard room > 3 else { break }
            let text = TerminalText.truncate(label, to: room)
            let used = buffer.write(text, x: x, y: row, style: index == active ? .tabActive : .tabBar)
            ranges.append((x..<(x + used), index))
            x += used
        }
        return ranges
    }

    /// The tab labels (` 1 Title `), shortened as little as fits in `room`.
    static func labels(_ titles: [String], active: Int?, room: Int) -> [String] {
        func label(_ index: Int, _ title: String) -> String {
            let number = index < 9 ? "\(index + 1)" : ""
            return " " + [number, title].filter { !$0.isEmpty }.joined(separator: " ") + " "
        }
        let longest = titles.map(TerminalText.width).max() ?? 0
        // Each way of shortening the other tabs, gentlest first.
        var shorten: [(String) -> String] = [{ $0 }, { String($0.split(separator: " ").first ?? "") }]
        for letters in stride(from: min(longest, 8), through: 1, by: -1) {
            shorten.append { String(String($0.split(separator: " ").first ?? "").prefix(letters)) }
        }
        shorten.append { _ in "" }
        var best: [String] = []
        for rule in shorten {
            best = titles.enumerated().map { index, title in label(index, index == active ? title : rule(title)) }
            if best.map(TerminalText.width).reduce(0, +) <= room { return best }
        }
        // A very narrow terminal: the active tab's first word, the others' numbers.
        return titles.enumerated().map { index, title in
            label(index, index == active ? String(title.split(separator: " ").first ?? "") : "")
        }
    }
}

/// Row 1: where you are (the navigation path) and, on the right, the list's
/// filter and sort when the screen has them.
enum TitleLine {
    static func draw(into buffer: inout CellBuffer, row: Int, path: [String], info: String, width: Int, glyphs: Glyphs) {
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .title)
        let infoWidth = TerminalText.width(info)
        let showInfo = !info.isEmpty && infoWidth + 12 < width
        let room = width - 2 - (showInfo ? infoWidth + 2 : 0)
        let text = path.map(TerminalText.sanitize).joined(separator: glyphs.separator)
        buffer.write(TerminalText.truncate(text, to: room, ellipsis: glyphs.ellipsis), x: 1, y: row, style: .title)
        if showInfo {
            buffer.write(info, x: width - infoWidth - 1, y: row, style: .dim)
        }
    }
}
