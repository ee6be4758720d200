import CChafa
import Foundation
import PicturePixels
import ScreenKit

/// libchafa (pixels as Unicode symbols, sixels or kitty graphics), and the
/// one place the TUI calls it; the pixels come from `PictureDecoder`.
///
/// Linked (`CChafa`; its .a file, with static GLib, in the static release
/// binary): a library opened at run time inside a static executable brings
/// a second C library, whose thread-specific keys collide with the Swift
/// runtime's (docs/DEPENDENCIES.md).
final class SymbolArtLibrary: @unchecked Sendable {
    /// Made once per process.
    static let shared = SymbolArtLibrary()

    private let lock = NSLock()

    // chafa's enums, from its headers (stable since 1.4).
    static let pixelRGBA8Unassociated: Int32 = 4
    static let modeForegroundBackground: Int32 = 5
    static let modeTrueColor: Int32 = 0
    static let pixelModeSixels: Int32 = 1
    static let pixelModeKitty: Int32 = 2
    /// Space, solid, block, quadrant and half-block symbols: one cell wide
    /// in every terminal font, so the art lines up in tmux too.
    static let narrowSymbols: Int32 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8) | (1 << 9)

    private init() {}

    /// `pixels` as the terminal's own graphics (sixel or kitty), filling
    /// `columns`×`rows` cells of `graphics`' cell size: the bytes to write
    /// with the cursor on the box's top-left cell.
    func image(_ pixels: Pixels, columns: Int, rows: Int, graphics: TerminalGraphics) -> [UInt8] {
        let pixelMode = graphics.kind == .kitty ? Self.pixelModeKitty : Self.pixelModeSixels
        return draw(pixels, columns: columns, rows: rows) { config in
            chafa_canvas_config_set_cell_geometry(config, Int32(graphics.cellWidth), Int32(graphics.cellHeight))
            chafa_canvas_config_set_canvas_mode(config, Self.modeTrueColor)
            chafa_canvas_config_set_pixel_mode(config, pixelMode)
        } read: { canvas in
            guard let printed = chafa_canvas_print(canvas, nil) else { return [] }
            defer { g_string_free(printed, 1) }
            guard let start = printed.pointee.str else { return [] }
            return start.withMemoryRebound(to: UInt8.self, capacity: printed.pointee.len) {
                Array(UnsafeBufferPointer(start: $0, count: printed.pointee.len))
            }
        }
    }

    /// `pixels` drawn as `columns`×`rows` symbol cells, row by row.
    func symbols(_ pixels: Pixels, columns: Int, rows: Int) -> [String] {
        let map = chafa_symbol_map_new()
        chafa_symbol_map_add_by_tags(map, Self.narrowSymbols)
        defer { chafa_symbol_map_unref(map) }
        return draw(pixels, columns: columns, rows: rows) { config in
            chafa_canvas_config_set_canvas_mode(config, Self.modeForegroundBackground)
            chafa_canvas_config_set_symbol_map(config, map)
        } read: { canvas in
            (0..<rows).map { y in
                var line = String.UnicodeScalarView()
                for x in 0..<columns {
                    let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                    line.append(Unicode.Scalar(code).map { $0.value < 0x20 ? " " : $0 } ?? " ")
                }
                return String(line)
            }
        }
    }

    /// A canvas of `columns`×`rows` cells, set up by `configure`, with
    /// `pixels` drawn on it, for `read` to take what it needs from; one at
    /// a time (chafa's objects are not shared between threads).
    private func draw<Result>(
        _ pixels: Pixels, columns: Int, rows: Int, configure: (OpaquePointer?) -> Void, read: (OpaquePointer?) -> Result
    ) -> Result {
        lock.withLock {
            let config = chafa_canvas_config_new()
            chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
            configure(config)
            let canvas = chafa_canvas_new(config)
            defer {
                chafa_canvas_unref(canvas)
                chafa_canvas_config_unref(config)
            }
            pixels.rgba.withUnsafeBufferPointer {
                chafa_canvas_draw_all_pixels(
                    canvas, Self.pixelRGBA8Unassociated, $0.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.width * 4))
            }
            return read(canvas)
        }
    }
}
