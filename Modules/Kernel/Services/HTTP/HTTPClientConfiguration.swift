/// The limits of the shared HTTP client. Composition builds one from the
/// environment (tests shorten the timeouts); features may tighten
/// `timeout`/`bodyLimit` per request.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// Time allowed to open a TCP (and TLS) connection.
    public var connectTimeout: Duration
    /// Time allowed for one whole exchange: connect, send, headers, body.
    public var requestTimeout: Duration
    /// Largest response body accepted, in bytes.
    public var bodyLimit: Int
    /// Extra attempts for a GET/HEAD after a network error, 5xx or 429.
    public var maxRetries: Int
    /// First backoff step; each retry doubles it, jittered.
    public var retryBaseDelay: Duration
    /// A `Retry-After` longer than this is not waited for: the error is shown.
    public var maxRetryWait: Duration
    public var maxRedirects: Int

    public init(
        connectTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(30),
        bodyLimit: Int = 16 << 20, maxRetries: Int = 3, retryBaseDelay: Duration = .milliseconds(250),
        maxRetryWait: Duration = .seconds(20), maxRedirects: Int = 5
    ) {
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.bodyLimit = bodyLimit
        self.maxRetries = min(max(0, maxRetries), 3)
        self.retryBaseDelay = retryBaseDelay
        self.maxRetryWait = maxRetryWait
        self.maxRedirects = maxRedirects
    }

    /// Defaults, overridden by `FACET_HTTP_CONNECT_TIMEOUT_MS`,
    /// `FACET_HTTP_TIMEOUT_MS` and `FACET_HTTP_RETRY_BASE_MS` (tests use
    /// these to see a timeout or a retry without waiting long).
    public static func from(environment: [String: String]) -> HTTPClientConfiguration {
        func millis(_ name: String) -> Duration? {
            guard let value = environment[name].flatMap(Int.init), value >= 0 else { return nil }
            return .milliseconds(value)
        }
        var configuration = HTTPClientConfiguration()
        if let value = millis("FACET_HTTP_CONNECT_TIMEOUT_MS") { configuration.connectTimeout = value }
        if let value = millis("FACET_HTTP_TIMEOUT_MS") { configuration.requestTimeout = value }
        if let value = millis("FACET_HTTP_RETRY_BASE_MS") { configuration.retryBaseDelay = value }
        return configuration
    }
}
