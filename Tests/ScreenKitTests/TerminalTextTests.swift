import ScreenKit
import Testing

@Suite struct TerminalTextTests {
    @Test func stripsCSIOSCAndControlCharacters() {
        #expect(TerminalText.sanitize("plain") == "plain")
        #expect(TerminalText.sanitize("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(TerminalText.sanitize("\u{1B}]0;pwned title\u{07}after") == "after")
        #expect(TerminalText.sanitize("\u{1B}]8;;http://x\u{1B}\\link") == "link")
        #expect(TerminalText.sanitize("a\u{0}b\u{7}c\u{7F}d") == "abcd")
        #expect(TerminalText.sanitize("two\nlines\tand tab") == "two lines and tab")
        #expect(TerminalText.sanitize("8bit\u{9B}2Jcsi") == "8bitcsi")
        #expect(TerminalText.sanitize("bidi\u{202E}gnp.exe") == "bidignp.exe")
        #expect(TerminalText.sanitize("trailing escape \u{1B}") == "trailing escape ")
    }

    @Test func widthsOfWideAndCombiningCharacters() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("日本") == 4)
        #expect(TerminalText.width("e\u{301}") == 1)  // e + combining acute
        #expect(TerminalText.width("🎵") == 2)
        #expect(TerminalText.width("👍🏽") == 2)
        #expect(TerminalText.width("한글") == 4)
    }

    @Test func truncatesAtCellBoundaryWithEllipsis() {
        #expect(TerminalText.truncate("hello world", to: 8) == "hello w…")
        #expect(TerminalText.truncate("short", to: 8) == "short")
        // A wide character that would straddle the edge is dropped, not split.
        #expect(TerminalText.truncate("日本語テキスト", to: 6) == "日本…")
        #expect(TerminalText.width(TerminalText.truncate("日本語テキスト", to: 6)) <= 6)
        #expect(TerminalText.truncate("abc", to: 0) == "")
    }

    @Test func padsToExactWidth() {
        #expect(TerminalText.pad("日本", to: 6) == "日本  ")
        #expect(TerminalText.pad("7", to: 3, alignRight: true) == "  7")
        #expect(TerminalText.width(TerminalText.pad("a very long text", to: 5)) == 5)
    }

    /// Printable ASCII takes a shortcut (a cell a byte); it must agree with
    /// reading character by character, at every cut, and anything else
    /// (DEL, tabs, controls, non-ASCII) must still take the long way.
    @Test func plainASCIIAgreesWithCharacterByCharacter() {
        func truncatedByCharacters(_ text: String, _ cells: Int) -> String {
            guard cells > 0 else { return "" }
            if text.count <= cells { return text }
            guard cells >= 1 else { return "" }
            return String(text.prefix(cells - 1)) + "…"
        }
        for text in ["", "a", "hello world", String(repeating: "x~ ", count: 40), "https://via.placeholder.com/600/92c952"] {
            #expect(TerminalText.sanitize(text) == text)
            #expect(TerminalText.width(text) == text.count)
            for cells in 0...(text.count + 2) {
                #expect(TerminalText.truncate(text, to: cells) == truncatedByCharacters(text, cells), "\(text) to \(cells)")
            }
        }
        #expect(TerminalText.sanitize("tab\there\u{7F}") == "tab here")
        #expect(TerminalText.width("caf\u{E9}") == 4 && TerminalText.width("a\u{301}b") == 2)
        #expect(TerminalText.truncate("ab\u{301}cdef", to: 4) == "ab\u{301}c…")
    }
}
