/// Characters JSON allows raw inside strings that Facet writes as `\uXXXX`:
/// the C1 controls (U+0080–U+009F; U+009B is a terminal's CSI), the
/// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069, which reorder what a reader sees) and the line and
/// paragraph separators U+2028/U+2029 (line breaks to JavaScript and to
/// some viewers). Escaped, they reach a program as the same text and a
/// person's terminal or editor as plain letters.
///
/// ScreenKit keeps the same rule for the JSON it writes (it may not import
/// this module); a test checks that the two agree on every scalar.
public enum JSONInvisibleScalars {
    public static func escapes(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The scalar and its UTF-8 length when the bytes at `index` encode one
    /// that `escapes`; nil otherwise. Only lead bytes 0xC2, 0xD8 and 0xE2 can.
    @inline(__always)
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, width: Int)? {
        let lead = bytes[index]
        guard lead == 0xC2 || lead == 0xD8 || lead == 0xE2, index + 1 < bytes.count else { return nil }
        let second = bytes[index + 1]
        switch lead {
        case 0xC2: return (0x80...0x9F).contains(second) ? (UInt32(second), 2) : nil
        case 0xD8: return second == 0x9C ? (0x061C, 2) : nil
        default:
            guard index + 2 < bytes.count, second == 0x80 || second == 0x81 else { return nil }
            let value = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            return escapes(value) ? (value, 3) : nil
        }
    }

    /// `\uXXXX` (lower-case hex) for a scalar below U+10000.
    @inline(__always)
    static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        @inline(__always) func digit(_ shift: UInt32) -> UInt8 {
            let nibble = UInt8(truncatingIfNeeded: value >> shift & 0xF)
            return nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
        out.append(0x5C)
        out.append(UInt8(ascii: "u"))
        out.append(digit(12))
        out.append(digit(8))
        out.append(digit(4))
        out.append(digit(0))
    }
}
