import JSONCore
import KernelDomain
import KernelServices
import PhotosDomain

/// Reads a `/photos` body: a JSON array of `{"albumId", "id", "title",
/// "url", "thumbnailUrl"}` records.
///
/// Uses JSONCore's pull parser, record by record, so every failure is
/// exact: an empty body, malformed JSON with the byte offset where reading
/// stopped, or the record (by index) and field that is missing or of the
/// wrong type. It returns the whole list or throws — never a part of it.
public enum PhotoListParser {
    public static func parse(_ bytes: [UInt8], url: String) throws(PhotoError) -> PhotoList {
        var progress = Progress()
        bytes.withUnsafeBytes { progress.append($0) }
        return try progress.finish(url: url)
    }

    /// A list read while its body arrives: `append` reads every record that
    /// has arrived whole; `finish`, once the body is all there, reads the
    /// rest from where the last whole record ended, so it returns or throws
    /// exactly what `parse` of the whole body would.
    ///
    /// Only the bytes after the last whole record are kept: a 1 MB body
    /// kept whole was a megabyte of fresh pages written once and copied
    /// once, for nothing read again.
    public struct Progress {
        private var photos = PhotoList()
        /// The body's bytes from the end of the last whole record on (from
        /// its start until `[` has been read).
        private var pending: [UInt8] = []
        /// Bytes of the body before `pending`, read and let go.
        private var dropped = 0
        /// Inside the array, after the last whole record, in `pending`; nil before `[`.
        private var position: JSONParser.Position?
        /// Set when something other than the end of the bytes so far
        /// stopped a record (an error, the end of the array): `finish` reads it.
        private var stalled = false

        public init() { photos.reserveCapacity(5000, textBytes: 1 << 20) }

        /// The next piece of the body.
        public mutating func append(_ bytes: UnsafeRawBufferPointer) {
            pending.append(contentsOf: bytes)
            guard !stalled else { return }
            advance()
            if let read = position?.offset, read > 0 {
                pending.removeSubrange(..<read)
                dropped += read
                position = position?.droppingFirst(read)
            }
        }

        private mutating func advance() {
            let from = position ?? .start
            let available = pending.count
            JSONParser.with(pending, from: from, countingLines: false) { parser in
                do {
                    if position == nil {
                        guard let first = parser.peek() else { return }
                        guard first == UInt8(ascii: "[") else {
                            stalled = true
                            return
                        }
                        try parser.enterArray()
                        position = parser.position
                    }
                    try readRecords(&parser)
                    stalled = true
                } catch let failure as JSONParser.Failure where failure.offset >= available {
                    // The bytes ran out inside a record: it is read again when more have come.
                } catch {
                    stalled = true
                }
            }
        }

        /// Every record up to the array's end, each kept (and the place
        /// after it noted) as soon as it has been read whole.
        private mutating func readRecords(_ parser: inout JSONParser) throws {
            while try parser.nextElement() {
                try record(&parser, index: photos.count, into: &photos)
                position = parser.position
            }
        }

        /// Offsets in errors count from the body's first byte.
        public mutating func finish(url: String) throws(PhotoError) -> PhotoList {
            guard dropped > 0 || pending.contains(where: { !isSpace($0) }) else { throw .emptyBody(url: url) }
            do {
                let from = position
                return try JSONParser.with(pending, from: from ?? .start, countingLines: false) { parser in
                    if from == nil { try enterList(&parser) }
                    try readRecords(&parser)
                    try parser.end()
                    return photos
                }
            } catch let error as PhotoError {
                throw error
            } catch let failure as JSONParser.Failure {
                throw .malformedJSON(offset: dropped + failure.offset, reason: failure.reason)
            } catch {
                throw .malformedJSON(offset: dropped, reason: "\(error)")
            }
        }
    }

    /// Enters the top-level array, or says what the body is instead.
    static func enterList(_ parser: inout JSONParser) throws {
        guard parser.peek() == UInt8(ascii: "[") else {
            let found = try parser.value()  // a syntax error is reported first, as such
            try parser.end()
            throw PhotoError.notAList(found: found.typeName)
        }
        try parser.enterArray()
    }

    /// One record, field by field (no dictionary per record), appended to
    /// `list` (its text where the list keeps it, no string per field). A
    /// record that cannot be read whole leaves `list` as it was. Unknown
    /// keys are skipped, so a mirror that adds fields still works.
    static func record(_ parser: inout JSONParser, index: Int, into list: inout PhotoList) throws {
        guard parser.peek() == UInt8(ascii: "{") else {
            let found = try parser.value()
            throw PhotoError.notARecord(index: index, found: found.typeName)
        }
        let mark = list.textCount
        do {
            var albumId: Int?
            var id: Int?
            var texts = PhotoList.TextFieldMarks()
            try parser.enterObject()
            while let key = try parser.nextKey(among: fields) {
                switch key {
                case .known(0): albumId = try integer(&parser, index, "albumId")
                case .known(1): id = try integer(&parser, index, "id")
                case .known(2): try text(&parser, index, .title, "title", into: &list, &texts)
                case .known(3): try text(&parser, index, .url, "url", into: &list, &texts)
                case .known(4): try text(&parser, index, .thumbnailUrl, "thumbnailUrl", into: &list, &texts)
                default: try parser.skipValue()
                }
            }
            guard let albumId else { throw PhotoError.missingField(index: index, field: "albumId") }
            guard let id else { throw PhotoError.missingField(index: index, field: "id") }
            guard texts.has(.title) else { throw PhotoError.missingField(index: index, field: "title") }
            guard texts.has(.url) else { throw PhotoError.missingField(index: index, field: "url") }
            guard texts.has(.thumbnailUrl) else { throw PhotoError.missingField(index: index, field: "thumbnailUrl") }
            list.append(albumId: albumId, id: id, texts)
        } catch {
            list.truncateText(to: mark)
            throw error
        }
    }

    /// A record's fields, in the order `record` switches on them.
    static let fields = JSONKeys("albumId", "id", "title", "url", "thumbnailUrl")

    static func integer(_ parser: inout JSONParser, _ index: Int, _ key: String) throws -> Int {
        let value = try parser.value()
        switch value {
        case .int(let number): return number
        case .double: throw PhotoError.wrongType(index: index, field: key, expected: "a whole number", found: "a number with a fraction or out of range")
        default: throw PhotoError.wrongType(index: index, field: key, expected: "a whole number", found: value.typeName)
        }
    }

    /// A text field's value, appended to `list`'s text. A key repeated in
    /// one record keeps its last value, as a dictionary would.
    static func text(
        _ parser: inout JSONParser, _ index: Int, _ field: PhotoList.TextField, _ key: String,
        into list: inout PhotoList, _ texts: inout PhotoList.TextFieldMarks
    ) throws {
        guard parser.peek() == UInt8(ascii: "\"") else {
            let found = try parser.value()
            throw PhotoError.wrongType(index: index, field: key, expected: "a string", found: found.typeName)
        }
        texts.begin(field, in: list)
        try parser.withString { list.appendText($0) }
        texts.end(field, in: list)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
