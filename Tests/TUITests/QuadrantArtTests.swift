import Testing
@testable import TUIFrontEnd

/// The quadrant symbols the TUI draws where libchafa cannot be opened (the
/// static release binary): the bright parts of the picture inked, its shape kept.
@Suite struct QuadrantArtTests {
    /// `width`×`height` RGBA pixels, black where `dark` says, white elsewhere.
    static func pixels(width: Int, height: Int, dark: (Int, Int) -> Bool) -> SymbolArtLibrary.Pixels {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt8 = dark(x, y) ? 0 : 255
                rgba += [value, value, value, 255]
            }
        }
        return SymbolArtLibrary.Pixels(width: width, height: height, rgba: rgba)
    }

    @Test func aWhiteRightHalfIsFullBlocksOnTheRight() {
        let art = QuadrantArt.lines(Self.pixels(width: 64, height: 32) { x, _ in x < 32 }, columns: 8, rows: 2)
        #expect(art == ["    ████", "    ████"])
    }

    @Test func aDiagonalUsesQuadrants() {
        let art = QuadrantArt.lines(Self.pixels(width: 4, height: 4) { x, y in (x < 2) == (y < 2) }, columns: 1, rows: 1)
        #expect(art == ["▞"])
        let edges = QuadrantArt.lines(Self.pixels(width: 40, height: 20) { _, y in y < 5 }, columns: 4, rows: 1)
        #expect(edges == ["▄▄▄▄"])
    }

    @Test func aTransparentPictureIsBlank() {
        let clear = SymbolArtLibrary.Pixels(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 16))
        #expect(QuadrantArt.lines(clear, columns: 1, rows: 1) == [" "])
    }
}
