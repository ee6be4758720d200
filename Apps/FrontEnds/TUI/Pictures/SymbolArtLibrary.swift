import CStb
import Foundation

/// stb_image (decoding PNG, JPEG and GIF to pixels) and libchafa (pixels as
/// Unicode symbols), and the one place the TUI calls them.
///
/// stb_image is linked (`CStb`; libstb.a in the static release binary).
/// libchafa is opened at run time, as TagLib is, and only where it can be:
/// it needs GLib, whose start-up code crashes inside a static executable,
/// and a library opened there brings a second C library besides. In the
/// static release binary, and wherever chafa is missing, the TUI draws
/// quadrant symbols itself (`QuadrantArt`). The bytes handed in were
/// checked by the kernel (a kept format, at most 64 million pixels), so
/// decoding them is bounded; a file that still fails to decode (truncated,
/// fuzzed) is a `nil`, never a crash.
final class SymbolArtLibrary: @unchecked Sendable {
    typealias New = @convention(c) () -> OpaquePointer?
    typealias Unref = @convention(c) (OpaquePointer?) -> Void
    typealias AddTags = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias SetSize = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    typealias SetMap = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias SetMode = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias CanvasNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias DrawPixels = @convention(c) (OpaquePointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32) -> Void
    typealias CharAt = @convention(c) (OpaquePointer?, Int32, Int32) -> UInt32

    /// Made once per process (stb_image is linked, chafa opened if it can be).
    static let shared: SymbolArtLibrary? = SymbolArtLibrary()

    /// Why `shared` is nil, for the message a face shows instead of a picture.
    static let missing = "pictures cannot be drawn here"

    /// Whether this process is one static executable (no shared C library
    /// mapped before Facet opens any): GLib, and so libchafa, cannot be
    /// opened in it.
    static let isStaticExecutable: Bool = {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return false }
        return !maps.contains("/libc.so")
    }()

    private let lock = NSLock()
    /// libchafa's calls, when it could be opened.
    private let chafa: Chafa?

    struct Chafa {
        let symbolMapNew: New
        let symbolMapAdd: AddTags
        let symbolMapUnref: Unref
        let configNew: New
        let configSize: SetSize
        let configMap: SetMap
        let configMode: SetMode
        let configUnref: Unref
        let canvasNew: CanvasNew
        let canvasDraw: DrawPixels
        let canvasChar: CharAt
        let canvasUnref: Unref
    }

    // chafa's enums, from its headers (stable since 1.4).
    static let pixelRGBA8Unassociated: Int32 = 4
    static let modeForegroundBackground: Int32 = 5
    /// Space, solid, block, quadrant and half-block symbols: one cell wide
    /// in every terminal font, so the art lines up in tmux too.
    static let narrowSymbols: Int32 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8) | (1 << 9)

    private init?() {
        let isStatic = Self.isStaticExecutable
        func open(_ names: [String]) -> UnsafeMutableRawPointer? {
            names.lazy.compactMap { dlopen($0, RTLD_NOW | RTLD_LOCAL) }.first
        }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard !isStatic, let handle = open(["libchafa.so.0", "libchafa.so"]),
            let symbolMapNew = symbol(handle, "chafa_symbol_map_new", New.self),
            let symbolMapAdd = symbol(handle, "chafa_symbol_map_add_by_tags", AddTags.self),
            let symbolMapUnref = symbol(handle, "chafa_symbol_map_unref", Unref.self),
            let configNew = symbol(handle, "chafa_canvas_config_new", New.self),
            let configSize = symbol(handle, "chafa_canvas_config_set_geometry", SetSize.self),
            let configMap = symbol(handle, "chafa_canvas_config_set_symbol_map", SetMap.self),
            let configMode = symbol(handle, "chafa_canvas_config_set_canvas_mode", SetMode.self),
            let configUnref = symbol(handle, "chafa_canvas_config_unref", Unref.self),
            let canvasNew = symbol(handle, "chafa_canvas_new", CanvasNew.self),
            let canvasDraw = symbol(handle, "chafa_canvas_draw_all_pixels", DrawPixels.self),
            let canvasChar = symbol(handle, "chafa_canvas_get_char_at", CharAt.self),
            let canvasUnref = symbol(handle, "chafa_canvas_unref", Unref.self)
        else {
            chafa = nil
            return
        }
        chafa = Chafa(
            symbolMapNew: symbolMapNew, symbolMapAdd: symbolMapAdd, symbolMapUnref: symbolMapUnref, configNew: configNew,
            configSize: configSize, configMap: configMap, configMode: configMode, configUnref: configUnref,
            canvasNew: canvasNew, canvasDraw: canvasDraw, canvasChar: canvasChar, canvasUnref: canvasUnref)
    }

    /// Decoded RGBA pixels: width, height and 4 bytes per pixel.
    struct Pixels {
        var width: Int
        var height: Int
        var rgba: [UInt8]
    }

    /// The pixels of `bytes`, or nil when they do not decode.
    func decode(_ bytes: [UInt8]) -> Pixels? {
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
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

    /// `pixels` drawn as `columns`×`rows` symbol cells, row by row: by
    /// libchafa where it is open, else by `QuadrantArt`.
    func symbols(_ pixels: Pixels, columns: Int, rows: Int) -> [String] {
        guard let chafa else { return QuadrantArt.lines(pixels, columns: columns, rows: rows) }
        return lock.withLock {
            let map = chafa.symbolMapNew()
            chafa.symbolMapAdd(map, Self.narrowSymbols)
            let config = chafa.configNew()
            chafa.configSize(config, Int32(columns), Int32(rows))
            chafa.configMode(config, Self.modeForegroundBackground)
            chafa.configMap(config, map)
            let canvas = chafa.canvasNew(config)
            defer {
                chafa.canvasUnref(canvas)
                chafa.configUnref(config)
                chafa.symbolMapUnref(map)
            }
            pixels.rgba.withUnsafeBufferPointer {
                chafa.canvasDraw(
                    canvas, Self.pixelRGBA8Unassociated, $0.baseAddress, Int32(pixels.width), Int32(pixels.height),
                    Int32(pixels.width * 4))
            }
            return (0..<rows).map { y in
                var line = String.UnicodeScalarView()
                for x in 0..<columns {
                    let code = chafa.canvasChar(canvas, Int32(x), Int32(y))
                    line.append(Unicode.Scalar(code).map { $0.value < 0x20 ? " " : $0 } ?? " ")
                }
                return String(line)
            }
        }
    }
}
