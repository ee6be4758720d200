/// The few non-letter characters the TUI draws, in a Unicode set and an ASCII
/// fallback for terminals or locales that cannot show line drawing.
public struct Glyphs: Sendable, Equatable {
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var ellipsis: String
    public var pointer: Character
    public var mask: Character
    public var separator: String
    public var thumb: Character
    /// Around a picker's value (choices cycle with ←/→).
    public var pickerOpen: String
    public var pickerClose: String
    public var spinner: [Character]
    /// After the label of the column a list is sorted by: ascending, descending.
    public var sortAscending: String
    public var sortDescending: String
    /// Before a warning ("done, with problems") in the status line.
    public var warning: String

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        ellipsis: "…", pointer: "›", mask: "•", separator: " › ", thumb: "█", pickerOpen: "‹ ", pickerClose: " ›",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], sortAscending: "▲", sortDescending: "▼",
        warning: "!")

    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        ellipsis: "...", pointer: ">", mask: "*", separator: " > ", thumb: "#", pickerOpen: "< ", pickerClose: " >",
        spinner: Array("|/-\\"), sortAscending: "^", sortDescending: "v", warning: "!")

    /// Key hints as these glyphs draw them: hints are written once, with `·`
    /// between them and arrows for the arrow keys, and a terminal that has
    /// only ASCII gets `|` and the keys' names instead.
    public func hint(_ text: String) -> String {
        guard self == .ascii else { return text }
        var plain = ""
        for character in text {
            switch character {
            case "·": plain += "|"
            case "↑": plain += KeyEvent.up.hintName ?? ""
            case "↓": plain += KeyEvent.down.hintName ?? ""
            case "←": plain += KeyEvent.left.hintName ?? ""
            case "→": plain += KeyEvent.right.hintName ?? ""
            default: plain.append(character)
            }
        }
        return plain
    }
}
