import AsyncHTTPClient
import Foundation
import KernelDomain
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live `HTTPClient`: one AsyncHTTPClient connection pool per process
/// (Composition builds it once, lazily), with the limits and the retry and
/// redirect rules the Domain port promises.
///
/// The library's own redirect following is off: `HTTPRedirectPolicy` decides,
/// so `Authorization` never reaches another host.
public final class LiveHTTPClient: KernelDomain.HTTPClient {
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
        // Facet bootstraps no tracer; left at the default, the library starts
        // a no-op span per request (its method name formatted through
        // reflection: runtime type lookups on the request's critical path).
        settings.tracing.tracer = nil
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .shared(Self.loop), configuration: settings)
    }

    /// The process's one event loop for HTTP, started on first use and kept
    /// for the process's life (as NIO's singleton group is). One thread: a
    /// handful of requests at a time need no more, and NIO's singleton group
    /// started one per core, each waited for in turn before the first
    /// request could go out.
    private static let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

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
        try await send(request, reader: nil)
    }

    /// The body of a success goes to `reader` as it arrives: each piece is
    /// handed over from the event loop as it is read, so the caller works
    /// on one core while the transfer goes on on the other.
    public func send(_ request: HTTPRequest, reading reader: some HTTPBodyReader) async throws(HTTPError) -> HTTPResponse {
        try await send(request, reader: reader)
    }

    private func send(_ request: HTTPRequest, reader: (any HTTPBodyReader)?) async throws(HTTPError) -> HTTPResponse {
        let policy = HTTPRetryPolicy(configuration: configuration)
        var attempt = 0
        while true {
            let decision: HTTPRetryPolicy.Decision
            do {
                let response = try await followingRedirects(request, reader: reader)
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

    private func followingRedirects(_ original: HTTPRequest, reader: (any HTTPBodyReader)?) async throws(HTTPError) -> HTTPResponse {
        var request = original
        for _ in 0...configuration.maxRedirects {
            let response = try await exchange(request, reader: reader)
            guard let next = try HTTPRedirectPolicy.next(after: request, response: response) else { return response }
            request = next
        }
        throw .tooManyRedirects
    }

    /// One request and its whole body, under the whole-request timeout
    /// (the library's deadline: a timer on the event loop that fails the
    /// request in whatever phase it is, body included).
    private func exchange(_ request: HTTPRequest, reader: (any HTTPBodyReader)?) async throws(HTTPError) -> HTTPResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw .invalidURL(String(request.url.prefix(200)))
        }
        let timeout = request.timeout ?? configuration.requestTimeout
        do {
            var headers = NIOHTTP1.HTTPHeaders()
            for field in request.headers { headers.add(name: field.name, value: field.value) }
            let outgoing = try AsyncHTTPClient.HTTPClient.Request(
                url: url, method: HTTPMethod(rawValue: request.method.rawValue), headers: headers,
                body: request.body.map { .bytes($0) })
            let pieces = reader.map { _ in ResponseCollector.Pieces.makeStream() }
            let task = client.execute(
                request: outgoing,
                delegate: ResponseCollector(
                    limit: request.bodyLimit ?? configuration.bodyLimit, pieces: pieces?.continuation,
                    digests: request.digestsBody),
                deadline: .now() + Self.amount(timeout))
            let collected = try await withTaskCancellationHandler {
                if let reader, let pieces { try await Self.pass(pieces.stream, to: reader) }
                return try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            var received = KernelDomain.HTTPHeaders()
            for (name, value) in collected.headers { received.add(name, value) }
            return HTTPResponse(
                status: collected.status, headers: received, body: collected.body, url: request.url, bodyDigest: collected.digest)
        } catch {
            throw HTTPErrorMapping.map(error, host: host, timeout: timeout)
        }
    }

    /// Hands a streamed body to its reader, piece by piece, on the caller's
    /// executor; ends with the exchange (throwing its error, if it failed).
    private static func pass(_ pieces: ResponseCollector.Pieces, to reader: any HTTPBodyReader) async throws {
        for try await piece in pieces {
            switch piece {
            case .begin(let expectedLength): reader.begin(expectedLength: expectedLength)
            case .bytes(let buffer): buffer.withUnsafeReadableBytes { reader.read($0) }
            }
        }
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
