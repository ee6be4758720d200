import PicturePixels
import ScreenKit

/// A picture as Unicode symbols in a box of terminal cells, the way the TUI
/// shows a cover or a photo: fitted to the box with the picture's aspect
/// (a cell is about twice as tall as it is wide), drawn by libchafa from
/// pixels stb_image or libwebp decoded (`SymbolArtLibrary`).
/// Public for the pictures benchmark (`tui-bench picture FILE`).
public struct SymbolArt: Equatable, Sendable {
    /// One string per row, each `columns` cells wide.
    public var lines: [String]
    public var columns: Int { lines.first?.count ?? 0 }

    public enum Failure: Error, Equatable {
        /// The bytes did not decode (truncated, damaged).
        case undecodable
    }

    /// The cells a picture of `width`×`height` pixels takes in a box of
    /// `columns`×`rows` cells, its aspect kept; a cell is `cellAspect`
    /// times as tall as it is wide.
    static func fit(width: Int, height: Int, columns: Int, rows: Int, cellAspect: Double = 2) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0, cellAspect > 0 else { return (0, 0) }
        var fitted = (
            columns: columns, rows: max(1, Int((Double(columns) * Double(height) / Double(width) / cellAspect).rounded())))
        if fitted.rows > rows {
            fitted = (max(1, Int((Double(rows) * cellAspect * Double(width) / Double(height)).rounded())), rows)
        }
        return (min(fitted.columns, columns), min(fitted.rows, rows))
    }

    /// Draws `picture` to fit `columns`×`rows`.
    public static func draw(_ picture: PictureContent, columns: Int, rows: Int) throws(Failure) -> SymbolArt {
        let library = SymbolArtLibrary.shared
        guard let pixels = PictureDecoder.decode(picture) else { throw .undecodable }
        let size = fit(width: pixels.width, height: pixels.height, columns: columns, rows: rows)
        guard size.columns > 0 else { throw .undecodable }
        return SymbolArt(lines: library.symbols(pixels, columns: size.columns, rows: size.rows))
    }
}
