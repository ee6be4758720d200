import JSONCore
import Testing

/// The writer escapes what JSON requires and, beyond that, the characters
/// that change how text looks without being seen: C1 controls,
/// bidirectional controls and the Unicode line separators.
@Suite struct JSONWriterEscapingTests {
    func written(_ text: String) -> String {
        String(decoding: JSONWriter.bytes(.string(text)), as: UTF8.self)
    }

    @Test func requiredEscapesAsBefore() {
        #expect(written("a\"b\\c\nd\re\tf\u{01}") == #""a\"b\\c\nd\re\tf\u0001""#)
    }

    @Test(arguments: [
        ("\u{80}", #"\u0080"#), ("\u{85}", #"\u0085"#), ("\u{9B}", #"\u009b"#), ("\u{9F}", #"\u009f"#),
        ("\u{61C}", #"\u061c"#), ("\u{200E}", #"\u200e"#), ("\u{200F}", #"\u200f"#),
        ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#), ("\u{202A}", #"\u202a"#), ("\u{202E}", #"\u202e"#),
        ("\u{2066}", #"\u2066"#), ("\u{2069}", #"\u2069"#),
    ])
    func invisibleCharactersAreEscaped(raw: String, escaped: String) throws {
        let text = "x\(raw)y"
        #expect(written(text) == "\"x\(escaped)y\"")
        #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text))
    }

    @Test func theirNeighboursStayAsTheyAre() {
        // Printable Latin-1, other general punctuation, CJK, emoji, and the
        // byte patterns next to the escaped ones.
        for text in ["\u{A0}é¢", "\u{2010}\u{2027}\u{202F}\u{2065}\u{206A}", "\u{2070}€", "\u{61B}\u{61D}", "宽字符", "😀", "\u{2000}"] {
            #expect(written(text) == "\"\(text)\"", "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func keysAndNestedStringsToo() throws {
        let value = JSONValue.object(["k\u{202E}": .array([.string("\u{9B}2J")])])
        #expect(String(decoding: JSONWriter.bytes(value), as: UTF8.self) == #"{"k\u202e":["\u009b2J"]}"#)
    }

    @Test func everyScalarRoundTripsAndOnlyTheListedOnesAreEscaped() throws {
        var text = ""
        for value in UInt32(0x20)...0x10FFFF { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        let bytes = JSONWriter.bytes(.string(text))
        #expect(try JSONParser.parse(bytes) == .string(text))
        let escapes = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\\u").count - 1
        let expected = (UInt32(0x20)...0x10FFFF).filter { JSONInvisibleScalars.escapes($0) }.count
        #expect(escapes == expected)
        #expect(expected == 32 + 1 + 2 + 7 + 4)
    }
}
