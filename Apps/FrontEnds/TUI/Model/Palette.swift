import ScreenKit

/// The command palette (`:` or Ctrl-P): every action of the current screen
/// and every top-level screen, narrowed by a fuzzy match of what is typed,
/// so nothing needs memorising.
struct Palette {
    enum Target: Equatable {
        case action(String)
        case screen(Int)
    }

    struct Entry: Equatable {
        var title: String
        var detail: String
        /// The key that does the same without the palette, if any.
        var key: String?
        var target: Target
        /// Why it cannot run now (a disabled action's reason, empty when it
        /// gives none); nil when it can.
        var unavailable: String?
    }

    var entries: [Entry]
    var editor = FieldEditor()
    var selection = 0

    init(actions: [ActionDescriptor], screens: [ScreenDescriptor]) {
        let own = actions.map { action in
            Entry(
                title: TerminalText.sanitize(action.label), detail: TerminalText.sanitize(action.summary), key: action.key,
                target: .action(action.name),
                unavailable: action.enabled ? nil : TerminalText.sanitize(action.disabledReason ?? ""))
        }
        let tabs = screens.enumerated().map { index, screen in
            Entry(
                title: "Go to " + TerminalText.sanitize(screen.title), detail: TerminalText.sanitize(screen.summary),
                key: index < 9 ? String(index + 1) : nil, target: .screen(index))
        }
        entries = own + tabs
    }

    /// The entries matching the typed text, best first.
    var matches: [Entry] {
        let query = editor.text.lowercased()
        guard !query.isEmpty else { return entries }
        return entries.enumerated()
            .compactMap { index, entry in Self.score(query, entry.title.lowercased()).map { ($0, index, entry) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map(\.2)
    }

    /// Lower is better; nil when `query`'s letters do not all appear in
    /// `text` in order. Consecutive letters and an early start score best.
    static func score(_ query: String, _ text: String) -> Int? {
        var score = 0
        var position = text.startIndex
        var last: String.Index?
        for character in query {
            guard let found = text[position...].firstIndex(of: character) else { return nil }
            let gap = text.distance(from: last.map { text.index(after: $0) } ?? text.startIndex, to: found)
            score += last == nil ? gap : gap * 2
            last = found
            position = text.index(after: found)
        }
        return score
    }

    mutating func move(_ step: Int) {
        let count = matches.count
        guard count > 0 else { return }
        selection = min(max(0, selection + step), count - 1)
    }
}
