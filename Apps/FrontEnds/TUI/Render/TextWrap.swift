import ScreenKit

/// Word wrapping by display width, for dialogs.
enum TextWrap {
    /// Lines of at most `width` cells; words longer than a line are split
    /// between characters (never inside one).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var w = TerminalText.width(word)
            if used > 0, used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            if used > 0 {
                lines.append(line)
                line = ""
                used = 0
            }
            while w > width {
                var head = ""
                var headWidth = 0
                for character in word {
                    let cw = TerminalText.width(of: character)
                    if headWidth + cw > width { break }
                    head.append(character)
                    headWidth += cw
                }
                if head.isEmpty { break }
                lines.append(head)
                word = String(word.dropFirst(head.count))
                w = TerminalText.width(word)
            }
            line = word
            used = w
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
