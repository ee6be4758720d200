import ScreenKit

/// A key press (or mouse event) after decoding: what the rest of the TUI
/// reacts to. Backends produce raw input; only `InputDecoder` makes these.
public enum KeyEvent: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, lower-case (`ctrl("u")`).
    case ctrl(Character)
    /// Alt (Meta) plus a character: bound to nothing by default.
    case alt(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete, insert
    case function(Int)
    case resize
    case mouse(MouseEvent)

    /// The name an `ActionDescriptor.key` uses for this key (`enter`, `/`,
    /// `ctrl-u`, `f2`), so screens' key hints bind without TUI code.
    public var hintName: String? {
        switch self {
        case .character(let c): String(c)
        case .ctrl(let c): "ctrl-\(c)"
        case .enter: StandardKey.enter
        case .escape: "esc"
        case .tab: "tab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .function(let n): "f\(n)"
        // Arrow keys are named after themselves (`up`, `left`, …).
        case .up, .down, .left, .right: String(describing: self)
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        default: nil
        }
    }

    /// How help and hints show the key.
    public var label: String {
        switch self {
        case .character(" "): "space"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .backTab: "shift-tab"
        case .alt(let c): "alt-\(c)"
        case .resize: "resize"
        case .mouse: "mouse"
        default: hintName ?? "?"
        }
    }
}

/// A mouse event in screen cells.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case click, doubleClick, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// What a backend reads before decoding: a character, an ncurses key code,
/// or a mouse event it already resolved.
public enum RawInput: Equatable, Sendable {
    case char(UInt32)
    case code(Int32)
    case mouse(MouseEvent)
}
