import Foundation

/// The port every feature uses to talk HTTP. One live adapter per process
/// (Services/HTTP, created by Composition) pools connections for all of them;
/// tests hand view models and services a double.
///
/// Contract of every implementation:
/// - Returns any status (a 404 is an answer, not a transport failure); only
///   transport problems throw. `HTTPResponse.checked()` turns statuses into
///   `HTTPError.status`/`.rateLimited` for callers that want that.
/// - Applies a connect timeout and a whole-request timeout, and caps the
///   response body (`HTTPError.bodyTooLarge`).
/// - Retries only GET/HEAD, only on network errors, 5xx and 429, at most
///   `maxRetries` times, with jittered backoff that honours `Retry-After`.
/// - Follows redirects itself and never carries `Authorization` (or
///   `Cookie`) to another scheme, host or port.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse

    /// `send`, with a success's (2xx) body handed to `reader` as it arrives
    /// instead of kept in the response, whose body is then empty. Any other
    /// answer keeps its body, as from `send`.
    func send(_ request: HTTPRequest, reading reader: some HTTPBodyReader) async throws(HTTPError) -> HTTPResponse
}

extension HTTPClient {
    /// For a client that cannot hand a body over as it arrives: the whole
    /// of it, once it is there.
    public func send(_ request: HTTPRequest, reading reader: some HTTPBodyReader) async throws(HTTPError) -> HTTPResponse {
        var response = try await send(request)
        guard response.isSuccess else { return response }
        reader.begin(expectedLength: response.body.count)
        response.body.withUnsafeBytes { reader.read($0) }
        response.body = []
        return response
    }
}

extension HTTPResponse {
    /// The response if it is a success (2xx) or `304 Not Modified`; otherwise
    /// the matching error: 429, or 403 with `X-RateLimit-Remaining: 0` or
    /// `Retry-After`, is `.rateLimited`; anything else `.status`.
    public func checked() throws(HTTPError) -> HTTPResponse {
        if isSuccess || isNotModified { return self }
        if let limited = rateLimit { throw limited }
        throw .status(status, detail: String(text.prefix(200)))
    }

    /// The rate-limit error this response stands for, if it is one.
    public var rateLimit: HTTPError? {
        let retryAfter = HTTPTime.retryAfter(headers["Retry-After"])
        let exhausted = headers["X-RateLimit-Remaining"] == "0"
        guard status == 429 || (status == 403 && (exhausted || retryAfter != nil)) else { return nil }
        let reset = headers["X-RateLimit-Reset"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
        return .rateLimited(resetAt: exhausted ? reset : nil, retryAfter: retryAfter)
    }
}
