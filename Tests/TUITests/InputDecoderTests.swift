import Testing
@testable import TUIFrontEnd

@Suite struct InputDecoderTests {
    let decoder = InputDecoder()

    func chars(_ text: String) -> [RawInput] { text.unicodeScalars.map { .char($0.value) } }

    @Test func plainCharactersAndControls() {
        #expect(decoder.decode(chars("aZ/é東")) == [.character("a"), .character("Z"), .character("/"), .character("é"), .character("東")])
        #expect(decoder.decode([.char(0x0D), .char(0x09), .char(0x7F), .char(0x15)]) == [.enter, .tab, .backspace, .ctrl("u")])
    }

    @Test func ncursesKeyCodes() {
        let codes = InputDecoder.Codes.ncurses
        #expect(decoder.decode([.code(codes.up), .code(codes.down), .code(codes.pageDown), .code(codes.home), .code(codes.end)])
            == [.up, .down, .pageDown, .home, .end])
        #expect(decoder.decode([.code(codes.resize), .code(codes.backTab), .code(codes.f0 + 1)]) == [.resize, .backTab, .function(1)])
    }

    @Test func loneEscapeIsTheEscapeKey() {
        #expect(decoder.decode([.char(0x1B)]) == [.escape])
        #expect(decoder.decode([.char(0x1B), .char(0x1B)]) == [.escape, .escape])
    }

    @Test func unknownSequencesAreDropped() {
        // CSI 200~ (bracketed paste start) and an unknown SS3 key, then "x".
        #expect(decoder.decode([.char(0x1B)] + chars("[200~") + [.char(0x1B)] + chars("OZx")) == [.character("x")])
        // An unterminated sequence at the end of the batch yields nothing.
        #expect(decoder.decode([.char(0x1B)] + chars("[1;5")) == [])
        // Unknown key codes and C1 controls are ignored.
        #expect(decoder.decode([.code(0o777), .char(0x9B), .char(0)]) == [])
    }

    /// ESC and a key in one batch (within the escape delay) is
    /// the Alt chord terminals send; a lone ESC is the Escape key.
    @Test func escapeFollowedAtOnceByAKeyIsAnAltChord() {
        #expect(decoder.decode([.char(0x1B), .char(0x71)]) == [.alt("q")])
        #expect(decoder.decode([.char(0x1B), .char(0x33), .char(0x33)]) == [.alt("3"), .character("3")])
        #expect(decoder.decode([.char(0x1B)]) == [.escape])
        // Escape pressed on its own, the key later: two batches, two keys.
        #expect(decoder.decode([.char(0x1B)]) + decoder.decode([.char(0x71)]) == [.escape, .character("q")])
        // ESC before a control key is not a chord anyone binds: both keys.
        #expect(decoder.decode([.char(0x1B), .char(0x0D)]) == [.escape, .enter])
        #expect(decoder.decode([.char(0x1B), .char(0x1B), .char(0x62)]) == [.escape, .alt("b")])
    }

    @Test func altChordsSwitchTabsAndMoveByWords() {
        let bindings = KeyBindings.standard
        #expect(bindings.command(for: .alt("3"), in: .browse) == .switchScreen(3))
        #expect(bindings.command(for: .alt("x"), in: .browse) == .palette)
        #expect(bindings.command(for: .alt("b"), in: .edit) == .caretWordLeft)
        #expect(bindings.command(for: .alt("f"), in: .edit) == .caretWordRight)
        var editor = FieldEditor("new name here")
        editor.apply(.caretWordLeft)
        #expect(editor.caret == 9)
        editor.apply(.caretWordLeft)
        editor.apply(.caretWordLeft)
        #expect(editor.caret == 0)
        editor.apply(.caretWordRight)
        #expect(editor.caret == 3)
    }

    @Test func mouseEventsPassThrough() {
        let click = MouseEvent(.click, x: 3, y: 4)
        #expect(decoder.decode([.mouse(click)]) == [.mouse(click)])
    }
}

@Suite struct KeyBindingTests {
    let bindings = KeyBindings.standard

    @Test func browseKeys() {
        #expect(bindings.command(for: .character("j"), in: .browse) == .down)
        #expect(bindings.command(for: .up, in: .browse) == .up)
        #expect(bindings.command(for: .character("G"), in: .browse) == .last)
        #expect(bindings.command(for: .pageDown, in: .browse) == .pageDown)
        #expect(bindings.command(for: .escape, in: .browse) == .back)
        #expect(bindings.command(for: .character("3"), in: .browse) == .switchScreen(3))
        #expect(bindings.command(for: .character("x"), in: .browse) == nil)  // left to screen actions
    }

    @Test func editingBindsNoCharacters() {
        #expect(bindings.command(for: .character("q"), in: .edit) == nil)
        #expect(bindings.command(for: .character("j"), in: .edit) == nil)
        #expect(bindings.command(for: .ctrl("u"), in: .edit) == .clearField)
        #expect(bindings.command(for: .backTab, in: .edit) == .previousField)
        for binding in bindings.bindings where binding.context == .edit {
            if case .character = binding.key { Issue.record("edit context binds a character: \(binding.key)") }
        }
    }

    @Test func tablesCanBeReplaced() {
        let custom = KeyBindings([.init(key: .character("x"), command: .quit, context: .browse)])
        #expect(custom.command(for: .character("x"), in: .browse) == .quit)
        #expect(custom.command(for: .character("q"), in: .browse) == nil)
        #expect(custom.keys(for: .quit, in: .browse) == [.character("x")])
    }

    @Test func keyHintNames() {
        #expect(KeyEvent.enter.hintName == "enter")
        #expect(KeyEvent.character("/").hintName == "/")
        #expect(KeyEvent.ctrl("s").hintName == "ctrl-s")
        #expect(KeyEvent.function(2).hintName == "f2")
    }
}
