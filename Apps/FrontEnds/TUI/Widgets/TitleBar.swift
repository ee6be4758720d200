import ScreenKit

/// Row 0: the screen switcher (every top-level screen, numbered for the
/// digit keys) with the active one highlighted.
enum TitleBar {
    /// Draws the bar and returns each tab's cell range for mouse clicks.
    static func draw(
        into buffer: inout CellBuffer, row: Int, tabs: [String], active: Int?, width: Int
    ) -> [(range: Range<Int>, index: Int)] {
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .tabBar)
        var x = buffer.write(" facet ", x: 0, y: row, style: .tabBar)
        var ranges: [(Range<Int>, Int)] = []
        for (index, title) in tabs.enumerated() {
            let number = index < 9 ? "\(index + 1) " : ""
            let label = " " + number + TerminalText.sanitize(title) + " "
            let room = width - x
            guard room > 3 else { break }
            let text = TerminalText.truncate(label, to: room)
            let used = buffer.write(text, x: x, y: row, style: index == active ? .tabActive : .tabBar)
            ranges.append((x..<(x + used), index))
            x += used
        }
        return ranges
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
