import PicturePixels
import ScreenKit

/// A picture in the terminal's own pixels (sixel or kitty graphics), the
/// way the TUI shows a cover or a photo where the terminal can: fitted to
/// whole cells of the terminal's cell size with the picture's aspect, and
/// the bytes that draw it from the box's top-left cell.
public struct PixelArt: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var bytes: [UInt8]

    /// Draws `picture` to fit `columns`×`rows` cells.
    public static func draw(
        _ picture: PictureContent, columns: Int, rows: Int, graphics: TerminalGraphics
    ) throws(SymbolArt.Failure) -> PixelArt {
        let library = SymbolArtLibrary.shared
        guard graphics.kind != .symbols, let pixels = PictureDecoder.decode(picture) else { throw .undecodable }
        let size = SymbolArt.fit(
            width: pixels.width, height: pixels.height, columns: columns, rows: rows,
            cellAspect: Double(graphics.cellHeight) / Double(graphics.cellWidth))
        guard size.columns > 0 else { throw .undecodable }
        var bytes = library.image(pixels, columns: size.columns, rows: size.rows, graphics: graphics)
        guard !bytes.isEmpty else { throw .undecodable }
        if graphics.kind == .kitty { bytes = quiet(bytes) }
        return PixelArt(columns: size.columns, rows: size.rows, bytes: bytes)
    }

    /// kitty answers a command unless told not to (`q=2`), and an answer
    /// would reach the TUI as typed keys; chafa's first command (`a=T`,
    /// transmit and show) gets the key, its data chunks take none.
    static func quiet(_ bytes: [UInt8]) -> [UInt8] {
        let command = Array("\u{1B}_Ga=T,".utf8)
        guard bytes.count > command.count, Array(bytes[0..<command.count]) == command else { return bytes }
        return command + Array("q=2,".utf8) + bytes[command.count...]
    }
}
