/// Turns raw terminal input into key events — the one place that knows key
/// codes and escape sequences.
///
/// ncurses (with `keypad`) already turns the sequences it knows into
/// `KEY_*` codes; what reaches us as a bare ESC is either the Escape key or
/// the start of a sequence ncurses did not know (ESC `[` or ESC `O` …). Those
/// are consumed whole and dropped, so an unknown function key never types
/// garbage into a field.
///
/// ESC followed at once by another key is Alt (Meta) plus that key, as
/// terminals send it. "At once" is the escape delay: ncurses waits
/// `NcursesBackend.escapeDelay` after an ESC for the rest of a sequence, so
/// a key typed within it arrives in the same batch, and an ESC pressed on
/// its own ends its batch. ESC ESC is the Escape key twice.
public struct InputDecoder: Sendable {
    /// ncurses key codes the decoder understands (values from <ncurses.h>,
    /// passed in so this type stays free of the C module and testable).
    public struct Codes: Sendable {
        public var up: Int32, down: Int32, left: Int32, right: Int32
        public var pageUp: Int32, pageDown: Int32, home: Int32, end: Int32
        public var backspace: Int32, delete: Int32, insert: Int32, enter: Int32, backTab: Int32
        public var resize: Int32, f0: Int32
        /// Alternative codes some terminals send for home/end.
        public var find: Int32, select: Int32

        /// The values of ncurses 6 (octal constants in <ncurses.h>).
        public static let ncurses = Codes(
            up: 0o403, down: 0o402, left: 0o404, right: 0o405, pageUp: 0o523, pageDown: 0o522,
            home: 0o406, end: 0o550, backspace: 0o407, delete: 0o512, insert: 0o513, enter: 0o527,
            backTab: 0o541, resize: 0o632, f0: 0o410, find: 0o552, select: 0o601)
    }

    public var codes: Codes

    public init(codes: Codes = .ncurses) { self.codes = codes }

    /// Decodes one batch of input read together (an escape sequence arrives
    /// within one batch). Unknown codes and sequences yield nothing.
    public func decode(_ input: [RawInput]) -> [KeyEvent] {
        var keys: [KeyEvent] = []
        var index = 0
        while index < input.count {
            let raw = input[index]
            index += 1
            switch raw {
            case .mouse(let event):
                keys.append(.mouse(event))
            case .code(let code):
                if let key = key(forCode: code) { keys.append(key) }
            case .char(0x1B):
                guard index < input.count, case .char(let next) = input[index] else {
                    keys.append(.escape)
                    continue
                }
                index += 1
                if next == 0x5B || next == 0x4F {  // CSI or SS3: parameters, then a final byte
                    index = Self.skipSequence(input, from: index, ss3: next == 0x4F)
                } else if next == 0x1B {
                    keys.append(.escape)
                    index -= 1  // the second ESC starts something new
                } else if let alt = altKey(forChar: next) {
                    keys.append(alt)
                } else {
                    // ESC then a control key (Alt+Enter, Alt+Tab): nothing
                    // binds those, so both keys count on their own.
                    keys.append(.escape)
                    index -= 1
                }
            case .char(let value):
                if let key = key(forChar: value) { keys.append(key) }
            }
        }
        return keys
    }

    /// Index after an unknown CSI/SS3 sequence starting at `start`.
    static func skipSequence(_ input: [RawInput], from start: Int, ss3: Bool) -> Int {
        var index = start
        while index < input.count {
            guard case .char(let value) = input[index] else { return index }
            index += 1
            if ss3 { return index }  // SS3 takes exactly one final character
            if (0x40...0x7E).contains(value) { return index }
        }
        return index
    }

    /// Alt plus a printable character (`alt("3")`, `alt("b")`); nil for
    /// control characters.
    func altKey(forChar value: UInt32) -> KeyEvent? {
        guard case .character(let character)? = key(forChar: value) else { return nil }
        return .alt(character)
    }

    func key(forChar value: UInt32) -> KeyEvent? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(value + 0x60)!))
        case 0x00, 0x1C...0x1F: return nil
        case 0x80...0x9F: return nil  // C1 controls
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    func key(forCode code: Int32) -> KeyEvent? {
        switch code {
        case codes.up: .up
        case codes.down: .down
        case codes.left: .left
        case codes.right: .right
        case codes.pageUp: .pageUp
        case codes.pageDown: .pageDown
        case codes.home, codes.find: .home
        case codes.end, codes.select: .end
        case codes.backspace: .backspace
        case codes.delete: .delete
        case codes.insert: .insert
        case codes.enter: .enter
        case codes.backTab: .backTab
        case codes.resize: .resize
        case (codes.f0 + 1)...(codes.f0 + 24): .function(Int(code - codes.f0))
        default: nil
        }
    }
}
