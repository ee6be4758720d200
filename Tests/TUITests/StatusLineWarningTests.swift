import ScreenKit
import Testing
@testable import TUIFrontEnd

/// A warning too wide for the status row continues on the rows above it,
/// up to a limit; other messages keep to their one row.
@Suite struct StatusLineWarningTests {
    let warning = StatusLine.Message(
        text: "Imported 2 songs into \"music\"; 1 folder could not be read (/srv/music/locked); "
            + "1 link back to a folder already read was not followed (/srv/music/sub/loop).",
        style: .warning, spinning: false)

    func draw(_ message: StatusLine.Message, rowsAbove: Int, width: Int = 40) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 8)
        StatusLine.draw(
            into: &buffer, message: message, position: "1/2", hints: [], row: 6, width: width, spinnerFrame: 0,
            glyphs: .unicode, rowsAbove: rowsAbove)
        return buffer
    }

    @Test func aLongWarningIsWrappedWholeOverTheRowsItNeeds() {
        let rows = StatusLine.rowsAbove(for: warning, position: "1/2", width: 40, limit: 5)
        #expect(rows == 4)
        let buffer = draw(warning, rowsAbove: rows)
        let text = (6 - rows...6).map { buffer.rowText($0).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.hasPrefix(warning.text + " ") && text.hasSuffix(" 1/2"), "\(text)")
        #expect(buffer.rowText(6 - rows - 1).trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func theLimitKeepsTheRestOnTheLastRowCut() {
        #expect(StatusLine.rowsAbove(for: warning, position: "1/2", width: 40, limit: 2) == 2)
        let buffer = draw(warning, rowsAbove: 2)
        #expect(buffer.rowText(4).contains("Imported 2 songs"))
        #expect(buffer.rowText(6).contains("…"))
    }

    @Test func noticesShortWarningsAndSpinnersKeepOneRow() {
        let notice = StatusLine.Message(text: warning.text, style: .notice, spinning: false)
        #expect(StatusLine.rowsAbove(for: notice, position: "1/2", width: 40, limit: 3) == 0)
        let short = StatusLine.Message(text: "1 folder could not be read.", style: .warning, spinning: false)
        #expect(StatusLine.rowsAbove(for: short, position: "1/2", width: 40, limit: 3) == 0)
        #expect(StatusLine.rowsAbove(for: nil, position: nil, width: 40, limit: 3) == 0)
    }
}
