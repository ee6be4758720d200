import CChafa
import CStb
import CWebP
import Foundation
import ScreenKit

/// stb_image (decoding PNG, JPEG and GIF to pixels), libwebp (WebP) and
/// libchafa (pixels as Unicode symbols), and the one place the TUI calls them.
///
/// All are linked (`CStb`, `CWebP`, `CChafa`; their .a files, with static GLib, in
/// the static release binary): a library opened at run time inside a static
/// executable brings a second C library, whose thread-specific keys collide
/// with the Swift runtime's (docs/DEPENDENCIES.md). The bytes handed in were
/// checked by the kernel (a kept format, at most 64 million pixels), so
/// decoding them is bounded; a file that still fails to decode (truncated,
/// fuzzed) is a `nil`, never a crash.
final class SymbolArtLibrary: @unchecked Sendable {
    /// Made once per process.
    static let shared = SymbolArtLibrary()

    private let lock = NSLock()

    // chafa's enums, from its headers (stable since 1.4).
    static let pixelRGBA8Unassociated: Int32 = 4
    static let modeForegroundBackground: Int32 = 5
    /// Space, solid, block, quadrant and half-block symbols: one cell wide
    /// in every terminal font, so the art lines up in tmux too.
    static let narrowSymbols: Int32 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8) | (1 << 9)

    private init() {}

    /// Decoded RGBA pixels: width, height and 4 bytes per pixel.
    struct Pixels {
        var width: Int
        var height: Int
        var rgba: [UInt8]
    }

    /// The pixels of `picture`, or nil when they do not decode.
    func decode(_ picture: PictureContent) -> Pixels? {
        let bytes = picture.bytes
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        if Self.isWebP(bytes) { return decodeWebP(bytes, checked: (picture.width, picture.height)) }
        return lock.withLock {
            var width: Int32 = 0
            var height: Int32 = 0
            var channels: Int32 = 0
            guard let pixels = bytes.withUnsafeBufferPointer({
                stbi_load_from_memory($0.baseAddress, Int32($0.count), &width, &height, &channels, 4)
            }) else { return nil }
            defer { stbi_image_free(pixels) }
            guard width > 0, height > 0 else { return nil }
            let count = Int(width) * Int(height) * 4
            return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// A RIFF container of WebP, the signature the kernel sniffed it by.
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// libwebp's decoder is reentrant: no lock. Its header is read first,
    /// so a size other than the one the kernel checked (within its pixel
    /// bound) is refused before anything is allocated for it.
    private func decodeWebP(_ bytes: [UInt8], checked: (width: Int, height: Int)) -> Pixels? {
        bytes.withUnsafeBufferPointer { buffer -> Pixels? in
            var width: Int32 = 0
            var height: Int32 = 0
            guard WebPGetInfo(buffer.baseAddress, buffer.count, &width, &height) != 0, width > 0, height > 0,
                Int(width) == checked.width, Int(height) == checked.height,
                let pixels = WebPDecodeRGBA(buffer.baseAddress, buffer.count, &width, &height)
            else { return nil }
            defer { WebPFree(pixels) }
            let count = Int(width) * Int(height) * 4
            return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// `pixels` drawn as `columns`×`rows` symbol cells, row by row.
    func symbols(_ pixels: Pixels, columns: Int, rows: Int) -> [String] {
        lock.withLock {
            let map = chafa_symbol_map_new()
            chafa_symbol_map_add_by_tags(map, Self.narrowSymbols)
            let config = chafa_canvas_config_new()
            chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
            chafa_canvas_config_set_canvas_mode(config, Self.modeForegroundBackground)
            chafa_canvas_config_set_symbol_map(config, map)
            let canvas = chafa_canvas_new(config)
            defer {
                chafa_canvas_unref(canvas)
                chafa_canvas_config_unref(config)
                chafa_symbol_map_unref(map)
            }
            pixels.rgba.withUnsafeBufferPointer {
                chafa_canvas_draw_all_pixels(
                    canvas, Self.pixelRGBA8Unassociated, $0.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.width * 4))
            }
            return (0..<rows).map { y in
                var line = String.UnicodeScalarView()
                for x in 0..<columns {
                    let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                    line.append(Unicode.Scalar(code).map { $0.value < 0x20 ? " " : $0 } ?? " ")
                }
                return String(line)
            }
        }
    }
}
