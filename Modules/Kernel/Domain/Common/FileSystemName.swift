
/// Exact text for the bytes of Linux paths.
///
/// Linux names are bytes, not text: `$'\xff\xff'` is a valid folder name but
/// not valid UTF-8. Decoding such a name lossily (`\xff` → `U+FFFD`) and
/// encoding it back names a *different* file (one literally called `��`), so
/// every path that reaches the file system goes through this bijection
/// instead (the idea of Python's "surrogateescape", which Swift strings
/// cannot hold):
///
/// - each byte that is not part of valid UTF-8 becomes the private-use scalar
///   `U+10FF00 + byte` (plane 16, which no real name uses by accident);
/// - a real name that does contain a scalar of that block has each of its
///   four bytes escaped the same way, so nothing is ambiguous;
/// - every other scalar stays itself.
///
/// `bytes(of:)` maps back and refuses text that no decoded name could be (a
/// NUL, or an escape that stands for a byte that would have been valid), so
/// a string either names exactly one byte path or none.
public enum FileSystemName {
    static let escapeBase: UInt32 = 0x10FF00

    /// The text for bytes the kernel returned (or the user gave on a command line).
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var scalars = String.UnicodeScalarView()
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let length = validSequenceLength(array, at: index)
            if length > 0 {
                let scalar = decodeScalar(array, at: index, length: length)
                if scalar.value >= escapeBase {
                    for byte in array[index..<index + length] { scalars.append(escape(byte)) }
                } else {
                    scalars.append(scalar)
                }
                index += length
            } else {
                scalars.append(escape(array[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The text for a NUL-terminated C name.
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The bytes `text` stands for, or nil when it names no path: it holds a
    /// NUL (which the C calls would silently cut the path at) or is not what
    /// `decode` makes of any bytes.
    public static func bytes(of text: String) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var hasEscape = false
        for scalar in text.unicodeScalars {
            if scalar.value == 0 { return nil }
            if scalar.value >= escapeBase, scalar.value <= escapeBase + 0xFF {
                result.append(UInt8(scalar.value - escapeBase))
                hasEscape = true
            } else {
                result.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        // An escape that decodes differently (`U+10FF41` for "A") would make two
        // strings name one path: only the canonical form is accepted.
        if hasEscape, decode(result) != text { return nil }
        return result
    }

    /// `bytes(of:)` NUL-terminated, for the C calls.
    public static func cString(of text: String) -> [CChar]? {
        guard let bytes = bytes(of: text) else { return nil }
        return bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// Whether `text` holds escaped bytes (for messages that say why a name looks odd).
    public static func hasEscapes(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= escapeBase && $0.value <= escapeBase + 0xFF }
    }

    /// `text` for reading, never for naming a file: each escaped byte as
    /// the Latin-1 character of that byte (`caf\xe9` reads "café"; a name
    /// that is not UTF-8 was most often written by an older system in
    /// Latin-1). Where the text becomes a title, not a path.
    public static func readable(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= escapeBase, scalar.value <= escapeBase + 0xFF {
                scalars.append(Unicode.Scalar(UInt8(scalar.value - escapeBase)))
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!  // U+10FF00…U+10FFFF are all valid scalars
    }

    /// Length of the well-formed UTF-8 sequence at `index` (RFC 3629), or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    private static func decodeScalar(_ bytes: [UInt8], at index: Int, length: Int) -> Unicode.Scalar {
        var value: UInt32
        switch length {
        case 1: return Unicode.Scalar(bytes[index])
        case 2: value = UInt32(bytes[index] & 0x1F)
        case 3: value = UInt32(bytes[index] & 0x0F)
        default: value = UInt32(bytes[index] & 0x07)
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
