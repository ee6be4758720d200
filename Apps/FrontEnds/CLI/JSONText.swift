import ScreenKit

/// Writes the small JSON objects of `--jsonl` with their keys in the order
/// asked for (`--fields name,bytes` prints `name` first), which an encoder
/// with sorted keys cannot do. Output is plain RFC 8259 JSON, UTF-8, one
/// object per line (control characters, line breaks and the characters of
/// `JSONInvisibleText` escaped).
enum JSONText {
    static func object(_ pairs: [(key: String, value: TypedValue)]) -> String {
        var out = "{"
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += "," }
            out += string(pair.key)
            out += ":"
            out += value(pair.value)
        }
        return out + "}"
    }

    static func value(_ value: TypedValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? String(number) : "null"
        case .string(let text): string(text)
        }
    }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || JSONInvisibleText.escapes(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
