import JSONCore

/// One parsed request line: a single message or a batch.
public enum IncomingMessage: Equatable, Sendable {
    case single(IncomingRequest)
    case batch([IncomingRequest])

    /// Parses a line, keeping the exact text of each message's `id`.
    ///
    /// Objects at the top level and in a batch are read member by member with
    /// the pull API so the id's byte range is known; every other value is read
    /// whole. Errors are the parser's, with their offsets.
    public static func parse(_ bytes: [UInt8]) throws(JSONParser.Failure) -> IncomingMessage {
        do {
            return try JSONParser.with(bytes) { parser in
                switch parser.peek() {
                case UInt8(ascii: "{"):
                    let request = try request(&parser, bytes)
                    try parser.end()
                    return .single(request)
                case UInt8(ascii: "["):
                    try parser.enterArray()
                    var items: [IncomingRequest] = []
                    while try parser.nextElement() {
                        if parser.peek() == UInt8(ascii: "{") {
                            items.append(try request(&parser, bytes))
                        } else {
                            items.append(IncomingRequest(value: try parser.value(), id: nil))
                        }
                    }
                    try parser.end()
                    return .batch(items)
                default:
                    let value = try parser.value()
                    try parser.end()
                    return .single(IncomingRequest(value: value, id: nil))
                }
            }
        } catch let failure as JSONParser.Failure {
            throw failure
        } catch {
            // `with` rethrows untyped; nothing but a parser failure is thrown
            // above. Should that change, the plain reader still answers.
            return .single(IncomingRequest(value: try JSONParser.parse(bytes), id: nil))
        }
    }

    /// One object, its members parsed one by one; the last `id` wins, as the
    /// last of any repeated key does in `JSONParser.parse`.
    private static func request(_ parser: inout JSONParser, _ bytes: [UInt8]) throws(JSONParser.Failure) -> IncomingRequest {
        try parser.enterObject()
        var fields: [String: JSONValue] = [:]
        var id: RequestID?
        while let key = try parser.nextKey() {
            _ = parser.peek()  // skips space, so `index` is the value's first byte
            let start = parser.index
            let value = try parser.value()
            if key == "id" { id = RequestID(text: Array(bytes[start..<parser.index])) }
            fields[key] = value
        }
        return IncomingRequest(value: .object(fields), id: id)
    }
}

/// One message of a line: its value, and the exact text of its `id` member
/// when it is an object with one (nil: no id, a notification).
public struct IncomingRequest: Equatable, Sendable {
    public var value: JSONValue
    public var id: RequestID?

    public init(value: JSONValue, id: RequestID?) {
        self.value = value
        self.id = id
    }
}
