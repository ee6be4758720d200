import Foundation
import ScreenKit
import Testing
import TestSupport

@testable import TUIFrontEnd

/// Pictures in the terminal's own pixels: what the TUI reads from the
/// terminal's answers, the sixel and kitty bytes libchafa makes, and the
/// built binary on a pseudo-terminal that answers as a sixel terminal, a
/// kitty-graphics terminal or neither (`Tools/fixtures/fake_terminal.py`),
/// whose pictures are decoded by ImageMagick (sixel) and from kitty's RGBA.
@Suite struct PicturesInPixelsTests {
    // MARK: The terminal's answers

    @Test func aTerminalThatListsFourInItsDeviceAttributesDrawsSixels() {
        let answer = GraphicsQuery.parse(Array("\u{1B}[6;20;10t\u{1B}[?62;4;22c".utf8))
        #expect(answer == GraphicsQuery.Answer(kitty: false, sixel: true, cellWidth: 10, cellHeight: 20, complete: true))
    }

    @Test func kittysOKBeforeTheDeviceAttributesMeansKittyGraphics() {
        let answer = GraphicsQuery.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
        #expect(answer.kitty && !answer.sixel && answer.complete)
        let refused = GraphicsQuery.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22c".utf8))
        #expect(!refused.kitty && refused.complete)
    }

    /// tmux answers for itself, without a 4, and lets the kitty query by:
    /// symbols, as in its capture-pane tests.
    @Test func tmuxsAnswerAndHalfAnswersMeanSymbols() {
        let tmux = GraphicsQuery.parse(Array("\u{1B}[?1;2c".utf8))
        #expect(!tmux.kitty && !tmux.sixel && tmux.complete)
        // "14" and "40" are not 4; an answer cut short is not complete.
        #expect(!GraphicsQuery.parse(Array("\u{1B}[?14;40c".utf8)).sixel)
        let cut = GraphicsQuery.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4".utf8))
        #expect(cut.kitty && !cut.complete && !cut.sixel)
        // Keys typed meanwhile and absurd cell sizes are ignored.
        let noisy = GraphicsQuery.parse(Array("jk\u{1B}[6;0;99999t\u{1B}[?62;4c".utf8))
        #expect(noisy.sixel && noisy.cellWidth == nil)
    }

    // MARK: The bytes libchafa makes

    @Test func aCoverIsFittedToWholeCellsOfTheTerminalsSize() throws {
        let picture = try Self.halves(in: TemporaryDirectory("facet-pixel-art"))
        let sixel = try PixelArt.draw(picture, columns: 40, rows: 20, graphics: TerminalGraphics(kind: .sixel, cellWidth: 10, cellHeight: 20))
        // 64×32 pixels in cells twice as tall as wide: 40 columns, 10 rows.
        #expect((sixel.columns, sixel.rows) == (40, 10))
        #expect(sixel.bytes.starts(with: Array("\u{1B}P".utf8)) && sixel.bytes.suffix(2) == Array("\u{1B}\\".utf8))
        // Square cells: the same picture takes 20 rows for 40 columns.
        let square = try PixelArt.draw(picture, columns: 40, rows: 20, graphics: TerminalGraphics(kind: .kitty, cellWidth: 16, cellHeight: 16))
        #expect((square.columns, square.rows) == (40, 20))
        // Told to answer nothing: an answer would arrive as typed keys.
        #expect(square.bytes.starts(with: Array("\u{1B}_Ga=T,q=2,".utf8)))
        #expect(throws: SymbolArt.Failure.undecodable) {
            try PixelArt.draw(
                PictureContent(mimeType: "image/png", width: 64, height: 32, bytes: Array(picture.bytes.prefix(40))), columns: 40,
                rows: 20, graphics: TerminalGraphics(kind: .sixel))
        }
    }

    // MARK: The built binary on a pseudo-terminal

    @Test func aSixelTerminalGetsTheCoverInItsPixelsWhereTheSymbolsWouldBe() throws {
        let result = try Self.run(answer: "sixel")
        let pictures = try #require(result["pictures"] as? [[String: Any]])
        try #require(pictures.count == 2, "\(result)")
        let first = pictures[0]
        #expect(first["kind"] as? String == "sixel")
        // At the box to the right of the list (120 columns: 42 for the picture).
        #expect(first["column"] as? Int == 120 - 42 + 2)
        #expect(first["width"] as? Int == 400, "40 cells of 10 pixels")
        #expect(Self.dark(first["left"]) && Self.light(first["right"]), "\(first)")
        #expect(result["symbol_art"] as? Bool == false)
        try Self.expectGoneOnTheBareSongAndBackOnReturn(result, pictures)
        // A sixel stays until text is written over it: moving off the song
        // rewrites every line it covered (pyte's screen says which were).
        let steps = try #require(result["steps"] as? [[String: Any]])
        let written = Set(try #require(steps[1]["lines"] as? [Int]))
        let top = try #require(first["row"] as? Int) - 1, height = try #require(first["height"] as? Int)
        let covered = Set(top..<(top + (height + 19) / 20))
        #expect(covered.count == 10 && covered.isSubset(of: written), "\(covered.subtracting(written)) not rewritten")
    }

    @Test func aKittyTerminalGetsTheCoverAsKittyGraphicsDeletedWhenTheRowChanges() throws {
        let result = try Self.run(answer: "kitty")
        let pictures = try #require(result["pictures"] as? [[String: Any]])
        try #require(pictures.count == 2, "\(result)")
        let first = pictures[0]
        #expect(first["kind"] as? String == "kitty" && first["quiet"] as? String == "2")
        #expect(first["cells"] as? [Int] == [40, 10])
        #expect(Self.dark(first["left"]) && Self.light(first["right"]), "\(first)")
        let steps = try #require(result["steps"] as? [[String: Any]])
        let deletions = try #require(result["kitty_deletions"] as? [Int])
        let down = try #require(steps[1]["from"] as? Int), up = try #require(steps[2]["from"] as? Int)
        // kitty keeps a picture over the text until told: moving off the song deletes it.
        #expect(deletions.contains { $0 > down && $0 < up }, "\(deletions) \(down) \(up)")
        try Self.expectGoneOnTheBareSongAndBackOnReturn(result, pictures)
    }

    /// An overlay is drawn in cells, which kitty graphics would lie over:
    /// the picture goes while help is open and comes back when it closes.
    @Test func helpOpenOverAKittyPictureTakesItAwayUntilClosed() throws {
        let result = try Self.run(answer: "kitty", steps: [("?", "Keys"), ("\\x1b", "Beside")])
        let pictures = try #require(result["pictures"] as? [[String: Any]])
        let steps = try #require(result["steps"] as? [[String: Any]])
        let deletions = try #require(result["kitty_deletions"] as? [Int])
        let help = try #require(steps[1]["from"] as? Int), closed = try #require(steps[2]["from"] as? Int)
        #expect(deletions.contains { $0 > help && $0 < closed }, "\(deletions) \(help) \(closed)")
        #expect(pictures.compactMap { $0["offset"] as? Int }.last.map { $0 > closed } == true, "\(pictures.count)")
    }

    /// A terminal that speaks neither protocol gets the symbols, as before.
    @Test func aTerminalOfNeitherKindGetsSymbols() throws {
        let result = try Self.run(answer: "none")
        #expect(result["symbol_art"] as? Bool == true, "\(result)")
        #expect((result["pictures"] as? [Any])?.isEmpty == true)
    }

    // MARK: Helpers

    /// Black on the left half, white on the right (ImageMagick).
    static func halves(in folder: TemporaryDirectory) throws -> PictureContent {
        let path = folder.path + "/half.png"
        let made = try BoundedProcess.run(
            "/usr/bin/convert", ["-size", "64x32", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,31", path], timeout: 120)
        #expect(made.status == 0, "\(made.stderr)")
        return PictureContent(mimeType: "image/png", width: 64, height: 32, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The TUI on the playlist of `PicturesTmuxTests` (song 1 with the
    /// halves cover, song 2 with none): the cover, then each step's keys
    /// and the words it waits for (by default Down to song 2, Up again).
    static func run(
        answer: String, steps: [(keys: String, words: String)] = [("\\x1bOB", "no picture"), ("\\x1bOA", "Beside")]
    ) throws -> [String: Any] {
        let home = try PicturesTmuxTests.home()
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "FACET_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        let result = try BoundedProcess.run(
            "/usr/bin/python3",
            [FixtureServer.repositoryRoot + "/Tools/fixtures/fake_terminal.py", "--answer", answer]
                + steps.flatMap { ["--then", $0.keys, $0.words] } + ["--", FacetProcess.binary, "--ui", "tui", "playlist", "Road"],
            environment: environment, timeout: 300)
        try #require(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let parsed = try #require(object, "\(result.stdout)")
        let done = try #require(parsed["steps"] as? [[String: Any]])
        #expect(done.count == steps.count + 1 && done.allSatisfy { $0["met"] as? Bool == true }, "\(done)")
        return parsed
    }

    /// No picture is drawn while song 2 (no cover) is selected, and the
    /// cover comes back on song 1.
    static func expectGoneOnTheBareSongAndBackOnReturn(_ result: [String: Any], _ pictures: [[String: Any]]) throws {
        let steps = try #require(result["steps"] as? [[String: Any]])
        let down = try #require(steps[1]["from"] as? Int), up = try #require(steps[2]["from"] as? Int)
        let offsets = pictures.compactMap { $0["offset"] as? Int }
        #expect(!offsets.contains { $0 > down && $0 < up }, "\(offsets) \(down) \(up)")
        #expect(offsets.last.map { $0 > up } == true, "\(offsets) \(up)")
    }

    static func dark(_ rgb: Any?) -> Bool { (rgb as? [Int]).map { $0.count == 3 && $0.allSatisfy { $0 < 40 } } ?? false }
    static func light(_ rgb: Any?) -> Bool { (rgb as? [Int]).map { $0.count == 3 && $0.allSatisfy { $0 > 215 } } ?? false }
}
