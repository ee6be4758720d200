import Foundation

/// One HTTP request as features describe it: no library types, so view
/// models and Domain rules can build and test requests without a network.
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable {
        case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// Safe to send twice: only these are ever retried.
        public var isIdempotentRead: Bool { self == .get || self == .head }
    }

    public var method: Method
    /// An absolute `http://` or `https://` URL.
    public var url: String
    public var headers: HTTPHeaders
    public var body: [UInt8]?
    /// Overrides the client's whole-request timeout (connect, send, receive).
    public var timeout: Duration?
    /// Overrides the client's response-body cap, in bytes.
    public var bodyLimit: Int?
    /// Asks for `HTTPResponse.bodyDigest`: the client hashes the body where
    /// it receives it, on its own thread, while the caller reads it.
    public var digestsBody: Bool

    public init(
        _ method: Method = .get, url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil,
        timeout: Duration? = nil, bodyLimit: Int? = nil, digestsBody: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.bodyLimit = bodyLimit
        self.digestsBody = digestsBody
    }
}

/// A complete response: status, headers and the whole (capped) body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The URL that answered (differs from the request's after a redirect).
    public var url: String
    /// The SHA-256 of the body (kept or read as it arrived), when the
    /// request asked for it and the client computes it; nil otherwise.
    public var bodyDigest: [UInt8]?

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], url: String = "", bodyDigest: [UInt8]? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.bodyDigest = bodyDigest
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
    public var isNotModified: Bool { status == 304 }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Header fields in order, looked up case-insensitively (HTTP field names are).
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) { fields = elements.map { ($0.0, $0.1) } }

    /// The first value of `name`, if present.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            remove(name)
            if let newValue { fields.append((name, newValue)) }
        }
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
