/// A request's id exactly as the client wrote it.
///
/// JSON-RPC says the response carries "the same" id; a client that sends
/// `18446744073709551616` or `1e999999` must get those characters back, not
/// a rounded double or `null`. So the id is never decoded and re-encoded: its
/// bytes are kept from the request line and copied into the response.
public struct RequestID: Equatable, Sendable {
    /// The id's JSON text (a number, a string with its quotes, or `null`).
    public let text: [UInt8]

    /// The id of a response to a request whose id cannot be known (a parse
    /// error, an invalid request).
    public static let null = RequestID(text: Array("null".utf8))

    public init(text: [UInt8]) { self.text = text }
}
