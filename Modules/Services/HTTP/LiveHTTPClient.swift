import AsyncHTTPClient
import Domain
import Foundation
import NIOCore
import NIOHTTP1

/// The live `HTTPClient`: one AsyncHTTPClient connection pool per process
/// (Composition builds it once, lazily), with the limits and the retry and
/// redirect rules the Domain port promises.
///
/// The library's own redirect following is off: `HTTPRedirectPolicy` decides,
/// so `Authorization` never reaches another host.
public final class LiveHTTPClient: Domain.HTTPClient {
    public let configuration: HTTPClientConfiguration
    private let client: AsyncHTTPClient.HTTPClient
    private let sleep: @Sendable (Duration) async throws -> Void

    public init(
        configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.configuration = configuration
        self.sleep = sleep
        var settings = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(configuration.connectTimeout), read: Self.amount(configuration.requestTimeout)),
            decompression: .disabled)
        settings.connectionPool = .init(idleTimeout: .seconds(60))
        // Fail a refused or unresolvable connection at once (the library would
        // otherwise retry until the deadline); `HTTPRetryPolicy` decides retries.
        settings.connectionPool.retryConnectionEstablishment = false
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
    }

    /// Closes pooled connections. Call once, when the process is done with HTTP.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// A client dropped without `shutdown()` still closes its pool (in the
    /// background: the pool keeps itself alive until it is closed).
    deinit {
        client.shutdown { _ in }
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let policy = HTTPRetryPolicy(configuration: configuration)
        var attempt = 0
        while true {
            let decision: HTTPRetryPolicy.Decision
            do {
                let response = try await followingRedirects(request)
                decision = policy.decide(method: request.method, response: response, attempt: attempt, jitter: .random(in: 0.5...1))
                if decision == .giveUp { return response }
            } catch {
                if error == .cancelled { throw error }
                let next = policy.decide(method: request.method, error: error, attempt: attempt, jitter: .random(in: 0.5...1))
                guard next != .giveUp else { throw error }
                decision = next
            }
            if case .retry(let delay) = decision {
                do { try await sleep(delay) } catch { throw .cancelled }
            }
            attempt += 1
        }
    }

    private func followingRedirects(_ original: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var request = original
        for _ in 0...configuration.maxRedirects {
            let response = try await exchange(request)
            guard let next = try HTTPRedirectPolicy.next(after: request, response: response) else { return response }
            request = next
        }
        throw .tooManyRedirects
    }

    /// One request and its whole body, under the whole-request timeout.
    private func exchange(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw .invalidURL(String(request.url.prefix(200)))
        }
        let timeout = request.timeout ?? configuration.requestTimeout
        let limit = request.bodyLimit ?? configuration.bodyLimit
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let client = self.client
        let prepared = outgoing
        do {
            return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
                group.addTask {
                    let response = try await client.execute(prepared, deadline: .now() + Self.amount(timeout))
                    let declared = response.headers.first(name: "Content-Length").flatMap(Int.init)
                    if let declared, declared > limit { throw HTTPError.bodyTooLarge(limit: limit) }
                    let body = try await Self.collect(response.body, declared: declared, limit: limit)
                    var headers = Domain.HTTPHeaders()
                    for (name, value) in response.headers { headers.add(name, value) }
                    return HTTPResponse(status: Int(response.status.code), headers: headers, body: body, url: request.url)
                }
                group.addTask {
                    // The library's deadline covers the head; this covers the body too.
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    throw HTTPError.timeout(seconds: Self.seconds(timeout))
                }
                return response
            }
        } catch {
            throw HTTPErrorMapping.map(error, host: host, timeout: timeout)
        }
    }

    /// The whole body, straight into the bytes the response carries: one
    /// buffer sized from `Content-Length` when the server sends it (already
    /// checked against the limit), each chunk copied once. Collecting into
    /// a `ByteBuffer` first grew it by doubling and then copied it again,
    /// three times the memory a 1 MB photo list needs, each page faulted in.
    static func collect(_ stream: HTTPClientResponse.Body, declared: Int?, limit: Int) async throws -> [UInt8] {
        var body: [UInt8] = []
        if let declared { body.reserveCapacity(declared) }
        for try await chunk in stream {
            guard chunk.readableBytes <= limit - body.count else { throw HTTPError.bodyTooLarge(limit: limit) }
            chunk.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        }
        return body
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
