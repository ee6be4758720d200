/// Writes JSON text: compact, keys sorted, so output is stable byte for byte.
public enum JSONWriter {
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .int(let number): out += Array(String(number).utf8)
        case .double(let number):
            out += Array((number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(fields[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quotes, backslashes and C0 controls escaped as JSON
    /// requires, and `JSONInvisibleScalars` as `\uXXXX`.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in writeContents(bytes, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeContents(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20:
                JSONInvisibleScalars.appendEscape(UInt32(byte), to: &out)
            case 0xC2, 0xD8, 0xE2:
                if let scalar = JSONInvisibleScalars.match(bytes, at: index) {
                    JSONInvisibleScalars.appendEscape(scalar.value, to: &out)
                    index += scalar.width
                    continue
                }
                out.append(byte)
            default: out.append(byte)
            }
            index += 1
        }
    }
}
