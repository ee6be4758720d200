import Foundation

/// stb_image (decoding PNG, JPEG, GIF and WebP's cousins to pixels) and
/// libchafa (pixels as Unicode symbols), opened at run time, and the one
/// place the TUI calls them.
///
/// Not linked: the release `facet` is one static executable and Debian
/// ships both as shared libraries, so they are opened with `dlopen` as
/// TagLib is; a Facet without them shows no pictures and says why. The
/// bytes handed in were checked by the kernel (a kept format, at most 64
/// million pixels), so decoding them is bounded; a file that still fails
/// to decode (truncated, fuzzed) is a `nil`, never a crash.
final class SymbolArtLibrary: @unchecked Sendable {
    typealias Load = @convention(c) (
        UnsafePointer<UInt8>?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, Int32
    ) -> UnsafeMutablePointer<UInt8>?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias New = @convention(c) () -> OpaquePointer?
    typealias Unref = @convention(c) (OpaquePointer?) -> Void
    typealias AddTags = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias SetSize = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    typealias SetMap = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias SetMode = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias CanvasNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias DrawPixels = @convention(c) (OpaquePointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32) -> Void
    typealias CharAt = @convention(c) (OpaquePointer?, Int32, Int32) -> UInt32

    /// Opened once per process; nil when either library is missing.
    static let shared: SymbolArtLibrary? = SymbolArtLibrary()

    /// Why `shared` is nil, for the message a face shows instead of a picture.
    static let missing = "pictures need libchafa and stb_image (apt-get install libchafa0t64 libstb0t64)"

    private let lock = NSLock()
    private let load: Load
    private let free: Free
    private let symbolMapNew: New
    private let symbolMapAdd: AddTags
    private let symbolMapUnref: Unref
    private let configNew: New
    private let configSize: SetSize
    private let configMap: SetMap
    private let configMode: SetMode
    private let configUnref: Unref
    private let canvasNew: CanvasNew
    private let canvasDraw: DrawPixels
    private let canvasChar: CharAt
    private let canvasUnref: Unref

    // chafa's enums, from its headers (stable since 1.4).
    static let pixelRGBA8Unassociated: Int32 = 4
    static let modeForegroundBackground: Int32 = 5
    /// Space, solid, block, quadrant and half-block symbols: one cell wide
    /// in every terminal font, so the art lines up in tmux too.
    static let narrowSymbols: Int32 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8) | (1 << 9)

    private init?() {
        func open(_ names: [String]) -> UnsafeMutableRawPointer? {
            names.lazy.compactMap { dlopen($0, RTLD_NOW | RTLD_LOCAL) }.first
        }
        guard let stb = open(["libstb.so.0", "libstb.so"]), let chafa = open(["libchafa.so.0", "libchafa.so"]) else { return nil }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let load = symbol(stb, "stbi_load_from_memory", Load.self),
            let free = symbol(stb, "stbi_image_free", Free.self),
            let symbolMapNew = symbol(chafa, "chafa_symbol_map_new", New.self),
            let symbolMapAdd = symbol(chafa, "chafa_symbol_map_add_by_tags", AddTags.self),
            let symbolMapUnref = symbol(chafa, "chafa_symbol_map_unref", Unref.self),
            let configNew = symbol(chafa, "chafa_canvas_config_new", New.self),
            let configSize = symbol(chafa, "chafa_canvas_config_set_geometry", SetSize.self),
            let configMap = symbol(chafa, "chafa_canvas_config_set_symbol_map", SetMap.self),
            let configMode = symbol(chafa, "chafa_canvas_config_set_canvas_mode", SetMode.self),
            let configUnref = symbol(chafa, "chafa_canvas_config_unref", Unref.self),
            let canvasNew = symbol(chafa, "chafa_canvas_new", CanvasNew.self),
            let canvasDraw = symbol(chafa, "chafa_canvas_draw_all_pixels", DrawPixels.self),
            let canvasChar = symbol(chafa, "chafa_canvas_get_char_at", CharAt.self),
            let canvasUnref = symbol(chafa, "chafa_canvas_unref", Unref.self)
        else { return nil }
        (self.load, self.free) = (load, free)
        (self.symbolMapNew, self.symbolMapAdd, self.symbolMapUnref) = (symbolMapNew, symbolMapAdd, symbolMapUnref)
        (self.configNew, self.configSize, self.configMap, self.configMode, self.configUnref) =
            (configNew, configSize, configMap, configMode, configUnref)
        (self.canvasNew, self.canvasDraw, self.canvasChar, self.canvasUnref) = (canvasNew, canvasDraw, canvasChar, canvasUnref)
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
                load($0.baseAddress, Int32($0.count), &width, &height, &channels, 4)
            }) else { return nil }
            defer { free(pixels) }
            guard width > 0, height > 0 else { return nil }
            let count = Int(width) * Int(height) * 4
            return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// `pixels` drawn as `columns`×`rows` symbol cells, row by row.
    func symbols(_ pixels: Pixels, columns: Int, rows: Int) -> [String] {
        lock.withLock {
            let map = symbolMapNew()
            symbolMapAdd(map, Self.narrowSymbols)
            let config = configNew()
            configSize(config, Int32(columns), Int32(rows))
            configMode(config, Self.modeForegroundBackground)
            configMap(config, map)
            let canvas = canvasNew(config)
            defer {
                canvasUnref(canvas)
                configUnref(config)
                symbolMapUnref(map)
            }
            pixels.rgba.withUnsafeBufferPointer {
                canvasDraw(canvas, Self.pixelRGBA8Unassociated, $0.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.width * 4))
            }
            return (0..<rows).map { y in
                var line = String.UnicodeScalarView()
                for x in 0..<columns {
                    let code = canvasChar(canvas, Int32(x), Int32(y))
                    line.append(Unicode.Scalar(code).map { $0.value < 0x20 ? " " : $0 } ?? " ")
                }
                return String(line)
            }
        }
    }
}
