import ScreenKit

/// The text of one field being edited, with a caret counted in characters.
/// Length is capped so a huge paste cannot make every keystroke slow; the
/// caller learns when text was cut and tells the user.
public struct FieldEditor: Equatable, Sendable {
    public static let defaultLimit = 1_000

    public private(set) var characters: [Character]
    public private(set) var caret: Int
    public var limit: Int
    /// The whole text is selected (a prefilled value such as the name being
    /// renamed): typing replaces it, Backspace or Delete clears it, moving
    /// the caret keeps it.
    public private(set) var allSelected = false

    public init(_ text: String = "", limit: Int = FieldEditor.defaultLimit) {
        self.limit = limit
        characters = Array(text.prefix(limit))
        caret = characters.count
    }

    public var text: String { String(characters) }

    /// Inserts at the caret; returns false when the limit cut it short.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        if allSelected { clear() }
        guard characters.count < limit else { return false }
        characters.insert(character, at: caret)
        caret += 1
        return true
    }

    /// Selects the whole text (nothing when empty), caret at the end.
    public mutating func selectAll() {
        allSelected = !characters.isEmpty
        caret = characters.count
    }

    public mutating func deleteBackward() {
        if allSelected { return clear() }
        guard caret > 0 else { return }
        characters.remove(at: caret - 1)
        caret -= 1
    }

    public mutating func deleteForward() {
        if allSelected { return clear() }
        guard caret < characters.count else { return }
        characters.remove(at: caret)
    }

    public mutating func moveLeft() { allSelected = false; caret = max(0, caret - 1) }
    public mutating func moveRight() { allSelected = false; caret = min(characters.count, caret + 1) }
    public mutating func moveHome() { allSelected = false; caret = 0 }
    public mutating func moveEnd() { allSelected = false; caret = characters.count }

    /// To the start of the word before the caret (spaces and `/` end words).
    public mutating func moveWordLeft() {
        allSelected = false
        while caret > 0, Self.separates(characters[caret - 1]) { caret -= 1 }
        while caret > 0, !Self.separates(characters[caret - 1]) { caret -= 1 }
    }

    /// To the end of the word after the caret.
    public mutating func moveWordRight() {
        allSelected = false
        while caret < characters.count, Self.separates(characters[caret]) { caret += 1 }
        while caret < characters.count, !Self.separates(characters[caret]) { caret += 1 }
    }

    static func separates(_ character: Character) -> Bool { character == " " || character == PathCompletion.slash }

    /// Carries out an editing command (the ones forms, prompts, the palette
    /// and the filter bar share); other commands change nothing.
    public mutating func apply(_ command: Command) {
        switch command {
        case .caretLeft: moveLeft()
        case .caretRight: moveRight()
        case .caretHome: moveHome()
        case .caretEnd: moveEnd()
        case .caretWordLeft: moveWordLeft()
        case .caretWordRight: moveWordRight()
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .clearField: clear()
        default: break
        }
    }

    public mutating func clear() {
        characters.removeAll()
        caret = 0
        allSelected = false
    }

    /// Replaces the text (a value that changed in the view model), keeping
    /// the caret inside it.
    public mutating func replace(with text: String) {
        allSelected = false
        characters = Array(text.prefix(limit))
        caret = min(caret, characters.count)
    }

    /// The visible slice for a field `cells` wide and the caret's cell
    /// within it: scrolls horizontally so the caret is always shown.
    public func visible(cells: Int, mask: Character?) -> (text: String, caretColumn: Int) {
        guard cells > 0 else { return ("", 0) }
        let shown: [Character] = mask.map { m in Array(repeating: m, count: characters.count) } ?? characters
        let widths = shown.map { TerminalText.width(of: $0) }
        // Start so that everything up to the caret (plus one cell for it) fits.
        var start = 0
        var used = widths[0..<caret].reduce(0, +)
        while used + 1 > cells, start < caret {
            used -= widths[start]
            start += 1
        }
        var text = ""
        var total = 0
        for index in start..<shown.count {
            if total + widths[index] > cells { break }
            text.append(shown[index])
            total += widths[index]
        }
        return (text, used)
    }
}
