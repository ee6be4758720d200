import Foundation
import JSONCore
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func failure(_ text: String) -> JSONParser.Failure? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindExactly() throws {
        let value = try parse(#" {"a": [1, -2.5, 1e3, true, false, null, "x\"\\\/\n\u00e9\ud83c\udfb5"], "b": {}, "c": [], "d": 0} "#)
        #expect(value["a"] == .array([.int(1), .double(-2.5), .double(1000), .bool(true), .bool(false), .null, .string("x\"\\/\né🎵")]))
        #expect(value["b"] == .object([:]))
        #expect(value["c"] == .array([]))
        #expect(value["d"] == .int(0))
    }

    @Test func agreesWithFoundationOnRoundTrip() throws {
        let text = #"{"k":"v","n":[1,2,{"z":null,"y":"日本"}],"t":true}"#
        let ours = JSONWriter.bytes(try parse(text))
        let theirs = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)), options: [.sortedKeys])
        #expect(ours == Array(theirs))
    }

    @Test func rejectsInvalidJSONWithTheLine() {
        #expect(failure("{\n\"a\": 1,\n}")?.line == 3)
        #expect(failure("[1,]")?.reason == "unexpected character")
        #expect(failure("[1 2]")?.reason == "expected ',' or ']'")
        #expect(failure("01")?.reason == "a number must not start with 0")
        #expect(failure("\"tab\there\"")?.reason == "a control character inside a string must be escaped")
        #expect(failure("\"\\ud800\"")?.reason == "a lone surrogate in a \\u escape")
        #expect(failure("{} x")?.reason == "unexpected text after the JSON value")
        #expect(failure("")?.reason == "unexpected end of input")
        #expect(failure("tru")?.reason == "unexpected end of input")
        #expect(failure("\"abc")?.reason.contains("end of input") == true)
        #expect(failure(String(repeating: "[", count: 10_000))?.reason == "nested too deeply")
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xFF, 0xFE, 0x22]
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bytes) }
    }

    @Test func pullAPIWalksRecordsWithoutATree() throws {
        let text = #"{"skip": {"deep": [1, {"x": 2}]}, "result": [{"t": "a"}, {"t": "b"}], "after": 1}"#
        let titles = try JSONParser.with(Array(text.utf8)) { parser -> [String] in
            var found: [String] = []
            try parser.enterObject()
            while let key = try parser.nextKey() {
                guard key == "result" else {
                    try parser.skipValue()
                    continue
                }
                try parser.enterArray()
                while try parser.nextElement() {
                    found.append(try parser.value()["t"]?.stringValue ?? "?")
                }
            }
            try parser.end()
            return found
        }
        #expect(titles == ["a", "b"])
    }

    @Test func writerEscapesControlCharacters() {
        #expect(JSONWriter.bytes(.string("a\u{1B}b\"\n")) == Array(#""a\u001bb\"\n""#.utf8))
        #expect(JSONWriter.bytes(.object(["b": .int(1), "a": .null])) == Array(#"{"a":null,"b":1}"#.utf8))
    }

    /// The string scan reads eight bytes at a time: every byte that needs
    /// the exact loop (quote, backslash, control, non-ASCII) at every
    /// position of a word must be caught, and no plain ASCII byte.
    @Test func wordScanCatchesEveryByteThatNeedsAttention() {
        for byte in 0...255 {
            let needs = byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80
            for position in 0..<8 {
                var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                word[position] = UInt8(byte)
                let value = word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(JSONParser.needsAttention(value) == needs, "byte \(byte) at \(position)")
            }
        }
    }

    /// Escapes, control characters and multi-byte text at every offset
    /// around the eight-byte steps read the same as anywhere else.
    @Test func stringsReadAlikeAtEveryOffsetOfTheWordScan() throws {
        let specials: [(json: String, text: String)] = [(#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), ("é", "é"), ("🎵", "🎵"), (#"\u0041"#, "A")]
        for lead in 0..<20 {
            for special in specials {
                let prefix = String(repeating: "p", count: lead)
                let value = try parse("\"" + prefix + special.json + "tail-of-seventeen\"")
                #expect(value == .string(prefix + special.text + "tail-of-seventeen"), "lead \(lead)")
            }
            let raw = "\"" + String(repeating: "p", count: lead) + "\u{01}rest of the string\""
            #expect(failure(raw)?.offset == 1 + lead, "a raw control character after \(lead) bytes")
        }
    }

    /// Keys matched among a set without building strings: plain, escaped,
    /// unknown and empty keys, the object's end, and the same errors as
    /// reading the key as a string.
    @Test func keysAreMatchedAmongASetAsTheirText() throws {
        let keys = JSONKeys("id", "title", "", "é")
        func matches(_ text: String) throws -> [JSONKeys.Match] {
            try JSONParser.with(Array(text.utf8)) { parser in
                var found: [JSONKeys.Match] = []
                try parser.enterObject()
                while let key = try parser.nextKey(among: keys) {
                    found.append(key)
                    try parser.skipValue()
                }
                try parser.end()
                return found
            }
        }
        #expect(try matches(#"{"title": 1, "id": 2, "ids": 3, "i": 4, "": 5, "id": 6, "é": 7, "é": 8}"#)
            == [.known(1), .known(0), .unknown, .unknown, .known(2), .known(0), .known(3), .known(3)])
        // A name followed by more text, an escaped quote, or written with
        // an escape is told apart exactly as when the key is read whole.
        #expect(try matches(#"{"id\"": 1, "ti\u0074le": 2, "titles": 3, "e\u0301": 4}"#)
            == [.unknown, .known(1), .unknown, .known(3)])
        #expect(try matches("{}") == [])
        #expect(try matches(" { \"id\" : null } ") == [.known(0)])
        func failure(_ text: String) -> JSONParser.Failure? {
            do {
                _ = try matches(text)
                return nil
            } catch {
                return error as? JSONParser.Failure
            }
        }
        #expect(failure("{\"i\td\": 1}")?.reason == "a control character inside a string must be escaped")
        #expect(failure("{\"id\" 1}")?.reason == "expected ':' after an object key")
        #expect(failure("{\"id")?.reason == "unexpected end of input in a string")
        #expect(try matches("{\"ÿ\": 1}") == [.unknown])
        let invalid = [UInt8(ascii: "{"), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "}")]
        #expect(throws: JSONParser.Failure.self) {
            try JSONParser.with(invalid) { parser in
                try parser.enterObject()
                _ = try parser.nextKey(among: keys)
            }
        }
    }

    /// Whole numbers up to 18 digits are added up in place; longer ones and
    /// fractions go through the text as before, at the limits too.
    @Test func wholeNumbersReadExactlyAtEveryLength() throws {
        var digits = ""
        for length in 1...19 {
            digits += String(length % 10)
            #expect(try parse(digits) == .int(Int(digits)!), "\(length) digits")
            #expect(try parse("-" + digits) == .int(-Int(digits)!), "-\(length) digits")
        }
        #expect(try parse("-0") == .int(0))
        #expect(try parse("9223372036854775807") == .int(.max))
        #expect(try parse("-9223372036854775808") == .int(.min))
        #expect(try parse("9223372036854775808") == .double(9223372036854775808))
        #expect(try parse("123456789012345678901") == .double(123456789012345678901))
        #expect(try parse("[7, 12.5, 3e2]") == .array([.int(7), .double(12.5), .double(300)]))
    }
}
