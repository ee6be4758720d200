import ScreenKit

/// Row 0: the screen switcher (every top-level screen, numbered for the
/// digit keys) with the active one highlighted. Every tab stays visible
/// however many features a build has. Titles are shortened only when they
/// do not fit, and then all by the same rule, gentlest first: every title
/// to its first word; the "facet" name left out; every title cut to the
/// same number of cells (the most that fits, an ellipsis marking the cut);
/// the numbers alone.
enum TitleBar {
    static let brand = " facet "
    /// A title is not cut shorter than this (letters and ellipsis): a
    /// stump that short no longer names anything, so numbers do better.
    static let shortestCut = 4

    /// Draws the bar and returns each tab's cell range for mouse clicks.
    static func draw(
        into buffer: inout CellBuffer, row: Int, tabs: [String], active: Int?, width: Int, ellipsis: String = "…"
    ) -> [(range: Range<Int>, index: Int)] {
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .tabBar)
        let (branded, labels) = layout(tabs.map(TerminalText.sanitize), width: width, ellipsis: ellipsis)
        var x = branded ? buffer.write(brand, x: 0, y: row, style: .tabBar) : 0
        var ranges: [(Range<Int>, Int)] = []
        for (index, label) in labels.enumerated() {
            let room = width - x
            guard room > 2 else { break }
            let text = TerminalText.truncate(label, to: room)
            let used = buffer.write(text, x: x, y: row, style: index == active ? .tabActive : .tabBar)
            ranges.append((x..<(x + used), index))
            x += used
        }
        return ranges
    }

    /// Whether the bar starts with the name, and the tab labels (` 1 Title `)
    /// shortened as little as fits in `width`.
    static func layout(_ titles: [String], width: Int, ellipsis: String = "…") -> (brand: Bool, labels: [String]) {
        let brandWidth = CellWidth.of(brand)
        for (branded, rule) in [(true, Shortening.whole), (true, .firstWord), (false, .firstWord)] {
            let labels = labels(titles, rule, ellipsis: ellipsis)
            if total(labels) <= width - (branded ? brandWidth : 0) { return (branded, labels) }
        }
        let longest = titles.map { TerminalText.width(firstWord($0)) }.max() ?? 0
        for cells in stride(from: longest - 1, through: shortestCut, by: -1) {
            let labels = labels(titles, .cut(cells), ellipsis: ellipsis)
            if total(labels) <= width { return (false, labels) }
        }
        return (false, labels(titles, .numbers, ellipsis: ellipsis))
    }

    enum Shortening {
        case whole, firstWord, cut(Int), numbers
    }

    /// Every tab's label under one rule.
    static func labels(_ titles: [String], _ rule: Shortening, ellipsis: String = "…") -> [String] {
        titles.enumerated().map { index, title in
            let number = index < 9 ? "\(index + 1)" : ""
            let shown: String
            switch rule {
            case .whole: shown = title
            case .firstWord: shown = firstWord(title)
            case .cut(let cells): shown = TerminalText.truncate(firstWord(title), to: cells, ellipsis: ellipsis)
            case .numbers: shown = ""
            }
            return " " + [number, shown].filter { !$0.isEmpty }.joined(separator: " ") + " "
        }
    }

    static func firstWord(_ title: String) -> String { String(title.split(separator: " ").first ?? "") }

    static func total(_ labels: [String]) -> Int { labels.reduce(0) { $0 + TerminalText.width($1) } }
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
