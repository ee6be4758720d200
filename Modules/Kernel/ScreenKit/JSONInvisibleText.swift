import Foundation

/// The JSON that front ends print writes C1 controls, bidirectional controls
/// and U+2028/U+2029 as `\uXXXX` (JSONCore's `JSONInvisibleScalars` says
/// why; this module may not import it, and a test checks both rules agree).
public enum JSONInvisibleText {
    public static func escapes(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// JSON text (from `JSONEncoder`) with those characters escaped. Outside
    /// strings JSON text is ASCII, so every one found is inside a string,
    /// where `\uXXXX` means the same character. Text without any is
    /// returned as it is.
    public static func escaping(_ json: Data) -> Data {
        json.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let first = firstMatch(bytes, from: 0) else { return json }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var copied = 0
            var next: (index: Int, value: UInt32, width: Int)? = first
            while let match = next {
                out += bytes[copied..<match.index]
                out += Array(String(format: "\\u%04x", match.value).utf8)
                copied = match.index + match.width
                next = firstMatch(bytes, from: copied)
            }
            out += bytes[copied...]
            return Data(out)
        }
    }

    private static func firstMatch(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (index: Int, value: UInt32, width: Int)? {
        var index = start
        while index + 1 < bytes.count {
            let lead = bytes[index]
            if lead == 0xC2 || lead == 0xD8 || lead == 0xE2 {
                let second = bytes[index + 1]
                switch lead {
                case 0xC2: if (0x80...0x9F).contains(second) { return (index, UInt32(second), 2) }
                case 0xD8: if second == 0x9C { return (index, 0x061C, 2) }
                default:
                    if index + 2 < bytes.count, second == 0x80 || second == 0x81 {
                        let value = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                        if escapes(value) { return (index, value, 3) }
                    }
                }
            }
            index += 1
        }
        return nil
    }
}
