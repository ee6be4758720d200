/// A strict RFC 8259 reader over UTF-8 bytes.
///
/// Besides `parse` (a whole document into a `JSONValue`) it offers a pull
/// API (`enterObject`/`nextKey`, `enterArray`/`nextElement`) so a caller can
/// walk a huge array record by record without building a tree of it.
public struct JSONParser: ~Copyable {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var index = 0
    private var depth = 0
    public static let maximumDepth = 512
    /// Off for a reader that will throw its failures away (see `with(_:from:countingLines:_:)`).
    private var countsLines = true

    /// Where a parser stands, to go on from later: over the same bytes, or
    /// over more of them (a body still arriving, read as far as it goes).
    public struct Position: Sendable, Equatable {
        fileprivate var index = 0
        fileprivate var depth = 0
        fileprivate var first = true

        /// Before the first value.
        public static let start = Position()

        /// Bytes before this position.
        public var offset: Int { index }

        /// The same position in the bytes that remain once the first
        /// `count` (at most `offset`) are dropped: a reader of a body still
        /// arriving keeps only what it has not read whole.
        public func droppingFirst(_ count: Int) -> Position {
            precondition(count >= 0 && count <= index, "can only drop bytes already read")
            return Position(index: index - count, depth: depth, first: first)
        }
    }

    public var position: Position { Position(index: index, depth: depth, first: first) }

    /// Parses with a parser over `bytes` for the duration of `body`.
    public static func with<T>(_ bytes: [UInt8], _ body: (inout JSONParser) throws -> T) rethrows -> T {
        try with(bytes, from: .start, body)
    }

    /// A parser over `bytes` that goes on from `position` (taken from a
    /// parser over these bytes or a prefix of them).
    /// - Parameter countingLines: false leaves `Failure.line` 0: counting
    ///   the lines before a failure reads every byte before it, which a
    ///   reader that tries again when more bytes have arrived would do on
    ///   each try.
    public static func with<T>(
        _ bytes: [UInt8], from position: Position, countingLines: Bool = true, _ body: (inout JSONParser) throws -> T
    ) rethrows -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            parser.index = min(position.index, buffer.count)
            parser.depth = position.depth
            parser.first = position.first
            parser.countsLines = countingLines
            return try body(&parser)
        }
    }

    /// Parses bytes the caller owns (a mapped file) for the duration of `body`.
    public static func with<T>(
        unsafeBytes buffer: UnsafeBufferPointer<UInt8>, _ body: (inout JSONParser) throws -> T
    ) rethrows -> T {
        var parser = JSONParser(buffer)
        return try body(&parser)
    }

    /// A whole document: exactly one value and nothing after it but space.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> JSONValue in
            var parser = JSONParser(buffer)
            let value = try parser.value()
            try parser.end()
            return value
        }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Pull API

    public mutating func end() throws(Failure) {
        skipSpace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
    }

    /// The kind of the next value without consuming it (`{`, `[`, `"`, …).
    public mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    public mutating func enterObject() throws(Failure) {
        try expect(UInt8(ascii: "{"), "expected an object")
        depth += 1
        first = true
    }

    /// The next key of the object just entered, or nil at its end.
    public mutating func nextKey() throws(Failure) -> String? {
        skipSpace()
        if try closes(UInt8(ascii: "}")) { return nil }
        let key = try string()
        try expect(UInt8(ascii: ":"), "expected ':' after an object key")
        return key
    }

    /// The next key of the object just entered, as one of `keys` (nil at
    /// the object's end), without building a string for it: a key of plain
    /// ASCII is compared where it stands; one with an escape or non-ASCII
    /// text is read (and checked) as `string()` reads it, then compared.
    public mutating func nextKey(among keys: JSONKeys) throws(Failure) -> JSONKeys.Match? {
        skipSpace()
        if try closes(UInt8(ascii: "}")) { return nil }
        let match: JSONKeys.Match
        if index < bytes.count, bytes[index] == UInt8(ascii: "\""), let known = keys.known(in: bytes, at: index + 1) {
            // A name of the set, closed by a quote right after it: no
            // escape or control character can be inside.
            index += known.length + 2
            match = .known(known.index)
        } else if let raw = plainASCIIString() {
            match = keys.match(raw)
        } else {
            match = keys.match(try string())
        }
        try expect(UInt8(ascii: ":"), "expected ':' after an object key")
        return match
    }

    /// The bytes between the quotes of the string at `index` when they are
    /// all printable ASCII other than a backslash (then `index` moves past
    /// it); nil, with `index` unchanged, for anything else.
    private mutating func plainASCIIString() -> UnsafeBufferPointer<UInt8>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            end += 1
        }
        return nil
    }

    public mutating func enterArray() throws(Failure) {
        try expect(UInt8(ascii: "["), "expected an array")
        depth += 1
        first = true
    }

    /// Whether the array just entered has another element (then read it).
    public mutating func nextElement() throws(Failure) -> Bool {
        skipSpace()
        return try !closes(UInt8(ascii: "]"))
    }

    private var first = true

    /// Handles the comma between members, or the closing bracket.
    private mutating func closes(_ close: UInt8) throws(Failure) -> Bool {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        if bytes[index] == close {
            index += 1
            depth -= 1
            first = false
            return true
        }
        if first {
            first = false
        } else {
            guard bytes[index] == UInt8(ascii: ",") else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
            index += 1
            skipSpace()
        }
        return false
    }

    // MARK: Values

    public mutating func value() throws(Failure) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
            try enterObject()
            var fields: [String: JSONValue] = [:]
            while let key = try nextKey() {
                let saved = first
                fields[key] = try value()
                first = saved
            }
            return .object(fields)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
            try enterArray()
            var items: [JSONValue] = []
            while try nextElement() {
                let saved = first
                items.append(try value())
                first = saved
            }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw fail("unexpected character")
        }
    }

    /// Skips one value of any kind (faster than building it).
    public mutating func skipValue() throws(Failure) { _ = try value() }

    public mutating func string() throws(Failure) -> String {
        // ASCII needs no validation (and most keys and titles are ASCII).
        try scanString { bytes, ascii in ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self) }
    }

    /// Lends the next string's text to `body` as UTF-8 (escapes decoded,
    /// checked valid) without making a `String` of it when it is ASCII:
    /// for a reader that packs many strings into one buffer. Not generic on
    /// purpose: called from another module, a generic one looked its type
    /// metadata up on every call (a sixth of reading a photo list).
    public mutating func withString(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) {
        try scanString { bytes, ascii -> Void? in
            guard ascii || String(validating: bytes, as: UTF8.self) != nil else { return nil }
            body(bytes)
            return ()
        }
    }

    /// Reads a string and hands its UTF-8 to `deliver` with whether it is
    /// all ASCII (then known valid); `deliver` answers nil for invalid UTF-8.
    private mutating func scanString<Result>(
        _ deliver: (UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Result?
    ) throws(Failure) -> Result {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a string") }
        index += 1
        let start = index
        var ascii = true
        // Eight bytes at a time while none is a quote, a backslash, a
        // control character or non-ASCII (most of a photo list's 1 MB);
        // the byte loop below then handles the one that is, exactly.
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count, !Self.needsAttention(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
        }
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if let result = deliver(slice, ascii) { return result }
                throw fail("the text is not valid UTF-8")
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character inside a string must be escaped") }
            ascii = ascii && byte < 0x80
            index += 1
        }
        var scratch = [UInt8](bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                if let result = scratch.withUnsafeBufferPointer({ deliver($0, false) }) { return result }
                throw fail("the text is not valid UTF-8")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("unexpected end of input in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("a lone surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("a lone surrogate in a \\u escape")
                    }
                    scratch.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    throw fail("an unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            default:
                if byte < 0x20 { throw fail("a control character inside a string must be escaped") }
                scratch.append(byte)
            }
        }
        throw fail("unexpected end of input in a string")
    }

    /// Whether any byte of `word` is `"`, `\\`, below 0x20 or above 0x7F
    /// (the classic "has a zero byte" bit trick, per condition). It may
    /// answer true for a byte after one that really matches, never false
    /// for one that does, so the byte loop after it stays exact.
    public static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = hasZero(word ^ (ones &* 0x22))
        let backslash = hasZero(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & highs
        return (word & highs) | quote | backslash | control != 0
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            throw fail("a number must not start with 0")
        }
        var integral = true
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs digits after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs digits in its exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // Up to 18 digits always fit an Int: add them up where they stand
        // (ids and counts, most numbers in the files Facet reads).
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = (negative ? start + 1 : start)..<index
        if integral, digits.count <= 18 {
            var value = 0
            for offset in digits { value = value &* 10 &+ Int(bytes[offset] &- UInt8(ascii: "0")) }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if integral, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw fail("a number out of range") }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character")
        }
        index += count
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(Failure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw fail(message) }
        index += 1
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A failure at the current position, with its line number.
    public func fail(_ reason: String) -> Failure {
        let position = min(index, bytes.count)
        var line = countsLines ? 1 : 0
        if countsLines { for i in 0..<position where bytes[i] == 0x0A { line += 1 } }
        return Failure(offset: position, line: line, reason: reason)
    }
}
