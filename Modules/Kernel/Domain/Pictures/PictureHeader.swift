/// What a picture's first bytes say: its format (from magic bytes, never
/// from a label) and its dimensions (from the header, before any decoder
/// runs). Reads only within `bytes`, bounded steps, no allocation: a
/// fuzzed or truncated file ends in a `PictureError`, never a crash or a hang.
public struct PictureHeader: Equatable, Sendable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int

    public static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        guard let format = sniff(bytes) else { throw .unsupported(what: describe(bytes)) }
        let size: (Int, Int)
        switch format {
        case .png: size = try png(bytes)
        case .gif: size = try gif(bytes)
        case .webp: size = try webp(bytes)
        case .jpeg: size = try jpeg(bytes)
        }
        guard size.0 > 0, size.1 > 0 else { throw .corrupt("its header declares no pixels") }
        return PictureHeader(format: format, width: size.0, height: size.1)
    }

    /// The kept format these bytes begin with, if any.
    public static func sniff(_ bytes: [UInt8]) -> PictureFormat? {
        if starts(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(bytes, [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(bytes, Array("GIF87a".utf8)) || starts(bytes, Array("GIF89a".utf8)) { return .gif }
        if starts(bytes, Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// What refused bytes look like, for the message: the usual impostors by name.
    static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "empty" }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self).lowercased()
        let trimmed = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.contains("<svg") { return "an SVG document" }
        if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html") || trimmed.contains("<script") { return "an HTML page" }
        if trimmed.hasPrefix("<") { return "an XML or HTML document" }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return "JSON text" }
        return "of an unknown kind"
    }

    static func starts(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
    }

    static func big16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func big32(_ b: [UInt8], _ i: Int) -> Int { big16(b, i) << 16 | big16(b, i + 2) }
    static func little16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func little24(_ b: [UInt8], _ i: Int) -> Int { little16(b, i) | Int(b[i + 2]) << 16 }

    static func need(_ bytes: [UInt8], _ count: Int) throws(PictureError) {
        guard bytes.count >= count else { throw .corrupt("it ends inside its header") }
    }

    /// The first chunk must be IHDR: width and height, big-endian.
    static func png(_ b: [UInt8]) throws(PictureError) -> (Int, Int) {
        try need(b, 24)
        guard Array(b[12..<16]) == Array("IHDR".utf8) else { throw .corrupt("its first chunk is not IHDR") }
        return (big32(b, 16), big32(b, 20))
    }

    /// The logical screen: width and height, little-endian.
    static func gif(_ b: [UInt8]) throws(PictureError) -> (Int, Int) {
        try need(b, 10)
        return (little16(b, 6), little16(b, 8))
    }

    /// The first chunk says: lossy (VP8), lossless (VP8L) or extended (VP8X).
    static func webp(_ b: [UInt8]) throws(PictureError) -> (Int, Int) {
        try need(b, 30)
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw .corrupt("its VP8 frame has no start code") }
            return (little16(b, 26) & 0x3FFF, little16(b, 28) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { throw .corrupt("its VP8L stream has no signature") }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (little24(b, 24) + 1, little24(b, 27) + 1)
        default:
            throw .corrupt("its first chunk is none of VP8, VP8L, VP8X")
        }
    }

    /// Walks the markers to the first start-of-frame (SOF0–SOF15 but the
    /// DHT, JPG and DAC markers that share the range): height, then width.
    /// Each step moves forward by at least two bytes, so it ends.
    static func jpeg(_ b: [UInt8]) throws(PictureError) -> (Int, Int) {
        var index = 2
        while index + 1 < b.count {
            guard b[index] == 0xFF else { throw .corrupt("a JPEG marker is missing") }
            let marker = b[index + 1]
            index += 2
            if marker == 0xFF { index -= 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }  // no length
            if marker == 0xD9 || marker == 0xDA { break }  // end, or scan data before any frame
            guard index + 1 < b.count else { break }
            let length = big16(b, index)
            guard length >= 2 else { throw .corrupt("a JPEG segment has a length under 2") }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard index + 6 < b.count, length >= 7 else { break }
                return (big16(b, index + 5), big16(b, index + 3))
            }
            index += length
        }
        throw .corrupt("no JPEG frame header before the image data")
    }
}
