/// What a key asks the TUI to do. Key bindings map keys to these; the
/// controller carries them out. Screen actions are not commands: they bind
/// through their own key hints.
public enum Command: Hashable, Sendable {
    case quit, back, help, redraw
    case up, down, pageUp, pageDown, first, last
    /// Space: marks or unmarks the row where an action takes several rows,
    /// else pages down.
    case mark
    /// Enter on a list: the screen's `enter` action.
    case activate
    case nextScreen, previousScreen
    case switchScreen(Int)
    /// Sort the list by the next/previous column that has a `sortKey`, or
    /// reverse the order (through the screen's `StandardAction.sort`).
    case sortNext, sortPrevious, sortReverse
    /// The command palette: every action and screen, fuzzy-matched.
    case palette
    // Form editing
    case nextField, previousField, submit
    case caretLeft, caretRight, caretHome, caretEnd
    /// Alt+b / Alt+f: a word back or forward, as in a shell.
    case caretWordLeft, caretWordRight
    case deleteBackward, deleteForward, clearField

    /// One line for the help overlay.
    public var summary: String {
        switch self {
        case .quit: "Quit"
        case .back: "Back"
        case .help: "Help"
        case .redraw: "Redraw"
        case .up: "Up"
        case .down: "Down"
        case .pageUp: "Page up"
        case .pageDown: "Page down"
        case .mark: "Mark the row (where rows can be marked; else page down)"
        case .first: "First"
        case .last: "Last"
        case .activate: "Open"
        case .nextScreen: "Next screen (next field in a form)"
        case .previousScreen: "Previous screen"
        case .switchScreen: "Go to screen"
        case .sortNext: "Sort by the next column"
        case .sortPrevious: "Sort by the previous column"
        case .sortReverse: "Reverse the sort order"
        case .palette: "Command palette (every action and screen)"
        case .nextField: "Next field"
        case .previousField: "Previous field"
        case .submit: "Submit"
        case .caretLeft, .caretRight, .caretHome, .caretEnd, .caretWordLeft, .caretWordRight: "Move cursor"
        case .deleteBackward, .deleteForward: "Delete"
        case .clearField: "Clear field"
        }
    }
}
