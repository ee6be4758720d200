import ScreenKit

/// A picture as pixels: what a face that draws pictures itself works on
/// (the TUI's symbols, the web page's thumbnails). Four bytes a pixel,
/// RGBA, not premultiplied, row after row.
public struct Pixels: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA pixels of the size given")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Every pixel fully opaque: written without its alpha channel, which
    /// says nothing.
    public var isOpaque: Bool {
        stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
    }
}
