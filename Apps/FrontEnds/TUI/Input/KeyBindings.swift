/// Keys as data: which key runs which command in which context. The
/// controller asks this table and nothing else, so remapping keys later is
/// a matter of building another table.
public struct KeyBindings: Sendable {
    public enum Context: Hashable, Sendable {
        /// Lists, details and empty screens: letters are commands.
        case browse
        /// A text field has focus: letters are typed, so only non-character
        /// keys may be bound.
        case edit
    }

    public struct Binding: Sendable, Equatable {
        public var key: KeyEvent
        public var command: Command
        public var context: Context
    }

    public private(set) var bindings: [Binding]
    private var table: [Context: [KeyEvent: Command]] = [:]

    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        for binding in bindings { table[binding.context, default: [:]][binding.key] = binding.command }
    }

    public func command(for key: KeyEvent, in context: Context) -> Command? {
        table[context]?[key]
    }

    /// Keys bound to `command` in `context`, in table order (for help).
    public func keys(for command: Command, in context: Context) -> [KeyEvent] {
        bindings.filter { $0.command == command && $0.context == context }.map(\.key)
    }

    public static let standard: KeyBindings = {
        var list: [Binding] = []
        func bind(_ context: Context, _ command: Command, _ keys: KeyEvent...) {
            for key in keys { list.append(Binding(key: key, command: command, context: context)) }
        }
        bind(.browse, .up, .up, .character("k"))
        bind(.browse, .down, .down, .character("j"))
        bind(.browse, .pageUp, .pageUp, .ctrl("b"))
        bind(.browse, .pageDown, .pageDown, .ctrl("f"))
        bind(.browse, .mark, .character(" "))
        bind(.browse, .first, .home, .character("g"))
        bind(.browse, .last, .end, .character("G"))
        bind(.browse, .activate, .enter)
        bind(.browse, .back, .escape, .backspace, .left)
        bind(.browse, .help, .character("?"), .function(1))
        bind(.browse, .quit, .character("q"))
        bind(.browse, .nextScreen, .tab)
        bind(.browse, .previousScreen, .backTab)
        for n in 1...9 { bind(.browse, .switchScreen(n), .character(Character(String(n)))) }
        bind(.browse, .redraw, .ctrl("l"))
        // htop's keys: `>`/`<` pick the sort column, `I` inverts the order.
        bind(.browse, .sortNext, .character(">"))
        bind(.browse, .sortPrevious, .character("<"))
        bind(.browse, .sortReverse, .character("I"))
        bind(.browse, .palette, .character(":"), .ctrl("p"), .alt("x"))
        // Alt chords never type, so they work everywhere, even while a
        // field is being edited: Alt+digit switches tabs from inside a form.
        for n in 1...9 { bind(.browse, .switchScreen(n), .alt(Character(String(n)))) }

        bind(.edit, .nextField, .tab, .down)
        bind(.edit, .previousField, .backTab, .up)
        bind(.edit, .submit, .enter)
        bind(.edit, .caretLeft, .left)
        bind(.edit, .caretRight, .right)
        bind(.edit, .caretWordLeft, .alt("b"))
        bind(.edit, .caretWordRight, .alt("f"))
        bind(.edit, .caretHome, .home, .ctrl("a"))
        bind(.edit, .caretEnd, .end, .ctrl("e"))
        bind(.edit, .deleteBackward, .backspace)
        bind(.edit, .deleteForward, .delete, .ctrl("d"))
        bind(.edit, .clearField, .ctrl("u"))
        bind(.edit, .back, .escape)
        bind(.edit, .help, .function(1))
        bind(.edit, .redraw, .ctrl("l"))
        return KeyBindings(list)
    }()
}
