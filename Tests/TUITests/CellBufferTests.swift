import ScreenKit
import Testing
@testable import TUIFrontEnd

@Suite struct CellBufferTests {
    @Test func wideCharactersTakeTwoCells() {
        var buffer = CellBuffer(width: 6, height: 1)
        let used = buffer.write("東a", x: 0, y: 0)
        #expect(used == 3)
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[2, 0].character == "a")
        #expect(buffer.text == "東a")
    }

    @Test func aWideCharacterThatWouldStraddleTheEdgeIsLeftOut() {
        var buffer = CellBuffer(width: 3, height: 1)
        #expect(buffer.write("ab東", x: 0, y: 0) == 2)
        #expect(buffer.rowText(0) == "ab ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("東京", x: 0, y: 0)
        buffer.put("x", width: 1, x: 1, y: 0, style: .normal)
        #expect(buffer.rowText(0) == " x京")
        buffer.put("y", width: 1, x: 2, y: 0, style: .normal)
        #expect(buffer.rowText(0) == " xy ")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        var buffer = CellBuffer(width: 5, height: 1)
        #expect(buffer.write("e\u{301}x", x: 0, y: 0) == 2)
        #expect(buffer[0, 0].character == "e\u{301}")
    }

    @Test func limitClipsWithoutSplitting() {
        var buffer = CellBuffer(width: 10, height: 1)
        #expect(buffer.write("東京東京", x: 0, y: 0, limit: 5) == 4)
    }

    @Test func truncationPutsTheEllipsisAtTheRightCell() {
        #expect(TerminalText.truncate("東京の夜景", to: 6) == "東京…")
        #expect(TerminalText.width(TerminalText.truncate("東京の夜景", to: 6)) == 5)
        #expect(TerminalText.truncate("abcdef", to: 4, ellipsis: "...") == "a...")
        #expect(TerminalText.truncate("🎵🎶🎉", to: 4) == "🎵…")
    }

    @Test func wrapKeepsLinesWithinWidth() {
        let lines = TextWrap.wrap("Cannot read /a/very/long/path/that/does/not/fit/anywhere.m3u now", width: 20)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 20 })
        #expect(lines.joined(separator: " ").contains("now"))
    }
}

@Suite struct FieldEditorTests {
    @Test func editingKeys() {
        var editor = FieldEditor("helo")
        editor.moveLeft()
        editor.insert("l")
        #expect(editor.text == "hello")
        editor.moveHome()
        editor.deleteForward()
        #expect(editor.text == "ello")
        editor.moveEnd()
        editor.deleteBackward()
        #expect(editor.text == "ell")
        editor.clear()
        #expect(editor.text.isEmpty && editor.caret == 0)
    }

    @Test func aSelectedValueIsReplacedByTyping() {
        var editor = FieldEditor("alpha")
        editor.selectAll()
        editor.insert("g")
        #expect(editor.text == "g" && !editor.allSelected)
        editor = FieldEditor("alpha")
        editor.selectAll()
        editor.deleteBackward()
        #expect(editor.text.isEmpty)
        editor = FieldEditor("alpha")
        editor.selectAll()
        editor.moveLeft()  // keeps the text, drops the selection
        editor.insert("X")
        #expect(editor.text == "alphXa")
        var empty = FieldEditor("")
        empty.selectAll()
        #expect(!empty.allSelected)
    }

    @Test func lengthIsCapped() {
        var editor = FieldEditor(limit: 5)
        let accepted = "abcdefgh".map { editor.insert($0) }
        #expect(editor.text == "abcde")
        #expect(accepted == [true, true, true, true, true, false, false, false])
    }

    @Test func visibleSliceFollowsTheCaret() {
        let editor = FieldEditor(String(repeating: "x", count: 30) + "END")
        let shown = editor.visible(cells: 10, mask: nil)
        #expect(shown.text.hasSuffix("END"))
        #expect(shown.caretColumn == 9)
        #expect(FieldEditor("secret").visible(cells: 10, mask: "•").text == "••••••")
    }
}
