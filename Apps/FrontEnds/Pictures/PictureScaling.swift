import CStb

extension Pixels {
    /// The size that fits `bound`×`bound` with this picture's shape: a
    /// picture is made smaller, never larger, and no side is below one pixel.
    public func size(fitting bound: Int) -> (width: Int, height: Int) {
        Self.size(width: width, height: height, fitting: bound)
    }

    public static func size(width: Int, height: Int, fitting bound: Int) -> (width: Int, height: Int) {
        precondition(bound > 0, "a bound of at least one pixel")
        let longest = max(width, height)
        guard longest > bound else { return (width, height) }
        func scaled(_ side: Int) -> Int { max(1, (side * bound + longest / 2) / longest) }
        return (scaled(width), scaled(height))
    }

    /// These pixels made smaller to fit `bound`×`bound` (unchanged when they
    /// already fit). stb_image_resize filters in linear light and weighs
    /// colour by alpha, so a thumbnail keeps the picture's tones and a
    /// transparent edge gets no dark fringe.
    public func scaled(fitting bound: Int) -> Pixels {
        let target = size(fitting: bound)
        guard target != (width, height) else { return self }
        var output = [UInt8](repeating: 0, count: target.width * target.height * 4)
        let done = rgba.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stbir_resize_uint8_srgb(
                    input.baseAddress, Int32(width), Int32(height), 0, out.baseAddress, Int32(target.width),
                    Int32(target.height), 0, 4, 3, 0)
            }
        }
        // It fails only when it cannot allocate its working memory.
        precondition(done != 0, "stb_image_resize could not allocate")
        return Pixels(width: target.width, height: target.height, rgba: output)
    }
}
