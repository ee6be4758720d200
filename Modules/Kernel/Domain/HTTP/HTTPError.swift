import Foundation

/// Why an HTTP exchange failed, precisely enough for a feature to tell the
/// user what to do ("check the network" is not "your token is wrong").
///
/// The client raises the transport cases itself; `status` and `rateLimited`
/// come from `HTTPResponse.checked()` or a feature's own reading of a
/// response, since only the feature knows what a 404 means to it.
public enum HTTPError: Error, Sendable, Equatable {
    /// Nothing listens on the host's port (or a firewall said no).
    case connectionRefused(host: String)
    /// The host name does not resolve (typo, or no DNS: offline).
    case dnsFailure(host: String)
    /// No route, network down, connection reset: the network, not the server.
    case network(String)
    /// The connection or the whole request took longer than allowed.
    case timeout(seconds: Double)
    /// TLS failed (bad certificate, handshake).
    case tls(String)
    /// The response body is larger than the cap; nothing of it is used.
    case bodyTooLarge(limit: Int)
    /// The URL is not an absolute http(s) URL.
    case invalidURL(String)
    case tooManyRedirects
    /// The server refused for now. `resetAt` from a rate-limit reset header,
    /// `retryAfter` from `Retry-After`; either may be unknown.
    case rateLimited(resetAt: Date?, retryAfter: Double?)
    /// Any other non-success status, with the start of the body for context.
    case status(Int, detail: String)
    case cancelled

    /// Failures that mean "cannot reach the server": a cache is worth showing.
    public var isOffline: Bool {
        switch self {
        case .connectionRefused, .dnsFailure, .network: true
        default: false
        }
    }

    /// A stable short code, for `data.code`-style error reporting.
    public var code: String {
        switch self {
        case .connectionRefused: "http.connection_refused"
        case .dnsFailure: "http.dns"
        case .network: "http.network"
        case .timeout: "http.timeout"
        case .tls: "http.tls"
        case .bodyTooLarge: "http.body_too_large"
        case .invalidURL: "http.invalid_url"
        case .tooManyRedirects: "http.too_many_redirects"
        case .rateLimited: "http.rate_limited"
        case .status: "http.status"
        case .cancelled: "http.cancelled"
        }
    }
}

extension HTTPError: DomainError {
    public var category: DomainErrorCategory {
        if case .invalidURL = self { return .invalidInput }
        return .failure
    }

    public var message: String {
        switch self {
        case .connectionRefused(let host): "Cannot connect to \(host): the connection was refused."
        case .dnsFailure(let host): "Cannot find the host \(host) (no DNS answer: offline?)."
        case .network(let detail): "The network failed: \(detail)."
        case .timeout(let seconds): "The server did not answer within \(Self.seconds(seconds))."
        case .tls(let detail): "The secure connection failed: \(detail)."
        case .bodyTooLarge(let limit): "The server's answer is larger than the \(limit / 1024) KiB allowed."
        case .invalidURL(let url): "Not a usable http(s) URL: \(url)"
        case .tooManyRedirects: "The server redirected too many times."
        case .rateLimited(let resetAt, let retryAfter):
            if let resetAt { "Rate limited; resets at \(HTTPTime.clock(resetAt))." }
            else if let retryAfter { "Rate limited; retry in \(Self.seconds(retryAfter))." }
            else { "Rate limited; try again later." }
        case .status(let code, let detail): detail.isEmpty ? "The server answered \(code)." : "The server answered \(code): \(detail)"
        case .cancelled: "The request was cancelled."
        }
    }

    public static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }
}

/// Times as HTTP features show them.
public enum HTTPTime {
    /// `14:05` in the local time zone (the zone `TZ` names, so tests can fix
    /// it). Arithmetic on the zone's offset rather than a `DateFormatter`:
    /// building one loads ICU's calendar data, about a millisecond of every
    /// command that shows a rate limit.
    public static func clock(_ date: Date, in zone: TimeZone = .current) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let daySeconds = (local % 86_400 + 86_400) % 86_400
        let hour = daySeconds / 3600, minute = daySeconds / 60 % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// `Retry-After` as seconds: either a number of seconds or an HTTP date.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingWhiteSpace, !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
