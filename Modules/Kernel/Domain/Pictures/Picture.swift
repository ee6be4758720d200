/// A picture whose bytes were checked: a kept format recognised from its
/// bytes, dimensions read from its header and within the bounds, the body
/// within its size bound. Only such a value reaches a face.
public struct Picture: Equatable, Sendable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int
    /// Exactly the bytes that were fetched or read: a face that writes them
    /// to a file or sends them to a browser sends the original.
    public var bytes: [UInt8]

    public var mimeType: String { format.mimeType }

    /// Checks `bytes` against the bounds, before anything decodes them.
    public init(checking bytes: [UInt8], bounds: PictureBounds = .standard) throws(PictureError) {
        guard bytes.count <= bounds.maxBytes else { throw .tooLarge(limit: bounds.maxBytes) }
        let header = try PictureHeader.read(bytes)
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= bounds.maxPixels,
            header.width <= bounds.maxPixels, header.height <= bounds.maxPixels
        else { throw .tooManyPixels(width: header.width, height: header.height, limit: bounds.maxPixels) }
        self.format = header.format
        self.width = header.width
        self.height = header.height
        self.bytes = bytes
    }
}

/// How big a picture may be. A body over `maxBytes` is cut there; a header
/// declaring more than `maxPixels` (a decompression bomb: a few KiB of PNG
/// that would decode to gigabytes) is refused before any decoder sees it.
public struct PictureBounds: Equatable, Sendable {
    public var maxBytes: Int
    public var maxPixels: Int

    public init(maxBytes: Int, maxPixels: Int) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// 10 MiB and 64 million pixels: well above any cover or photo, well
    /// below what would exhaust memory when decoded (64 Mpx × 4 bytes).
    public static let standard = PictureBounds(maxBytes: 10 << 20, maxPixels: 64_000_000)
}
