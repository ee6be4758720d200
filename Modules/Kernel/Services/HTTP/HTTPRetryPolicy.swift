import KernelDomain

/// When a failed exchange is tried again, and after how long. Pure, so the
/// rules are tested without a network or a clock.
struct HTTPRetryPolicy: Sendable {
    var configuration: HTTPClientConfiguration

    enum Decision: Equatable {
        case giveUp
        case retry(after: Duration)
    }

    /// For an answer: retry 5xx and 429 (never 403: a rate limit that
    /// resets in an hour is not waited for), honouring `Retry-After`.
    func decide(method: HTTPRequest.Method, response: HTTPResponse, attempt: Int, jitter: Double) -> Decision {
        guard method.isIdempotentRead, attempt < configuration.maxRetries else { return .giveUp }
        guard response.status == 429 || (500...599).contains(response.status) else { return .giveUp }
        if let seconds = HTTPTime.retryAfter(response.headers["Retry-After"]) {
            let wait = Duration.milliseconds(Int64(seconds * 1000))
            return wait > configuration.maxRetryWait ? .giveUp : .retry(after: wait)
        }
        return .retry(after: backoff(attempt: attempt, jitter: jitter))
    }

    /// For a transport failure: only those where the request may simply not
    /// have arrived (refused, reset, DNS hiccup). Timeouts are not retried:
    /// the user already waited the whole timeout once.
    func decide(method: HTTPRequest.Method, error: HTTPError, attempt: Int, jitter: Double) -> Decision {
        guard method.isIdempotentRead, attempt < configuration.maxRetries else { return .giveUp }
        switch error {
        case .connectionRefused, .network, .dnsFailure: return .retry(after: backoff(attempt: attempt, jitter: jitter))
        default: return .giveUp
        }
    }

    /// base × 2^attempt, scaled by `jitter` in 0.5…1 so that many clients
    /// hit by the same outage do not come back in step.
    func backoff(attempt: Int, jitter: Double) -> Duration {
        let factor = Double(1 << min(attempt, 6)) * min(1, max(0.5, jitter))
        return configuration.retryBaseDelay * factor
    }
}
