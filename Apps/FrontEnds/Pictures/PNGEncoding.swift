import CStb

extension Pixels {
    /// These pixels as a PNG file (stb_image_write): lossless, so a
    /// thumbnail is the scaled picture exactly, and without the alpha
    /// channel when every pixel is opaque.
    public func png() -> [UInt8] {
        let opaque = isOpaque
        let channels = opaque ? 3 : 4
        let packed = opaque ? rgbOnly() : rgba
        let sink = ByteSink()
        let written = packed.withUnsafeBufferPointer { buffer in
            stbi_write_png_to_func(
                { context, data, size in
                    guard let context, let data, size > 0 else { return }
                    let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
                }, Unmanaged.passUnretained(sink).toOpaque(), Int32(width), Int32(height), Int32(channels),
                buffer.baseAddress, Int32(width * channels))
        }
        withExtendedLifetime(sink) {}
        // It fails only when it cannot allocate.
        precondition(written != 0, "stb_image_write could not allocate")
        return sink.bytes
    }

    private func rgbOnly() -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for start in stride(from: 0, to: rgba.count, by: 4) { rgb.append(contentsOf: rgba[start..<start + 3]) }
        return rgb
    }
}

/// Where stb_image_write's callback puts the file, piece by piece.
private final class ByteSink {
    var bytes: [UInt8] = []
}
