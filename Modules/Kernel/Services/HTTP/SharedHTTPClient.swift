import Foundation
import KernelDomain
import Synchronization

/// The process's one HTTP client, shared by every feature. Created on first
/// use, so a CLI run that never talks HTTP starts no event loop and opens no
/// connection; later uses share its connection pool.
public final class SharedHTTPClient: KernelDomain.HTTPClient {
    private let configuration: HTTPClientConfiguration
    private let live = Mutex<LiveHTTPClient?>(nil)

    public init(configuration: HTTPClientConfiguration) { self.configuration = configuration }

    private var client: LiveHTTPClient {
        live.withLock { current in
            if let current { return current }
            let made = LiveHTTPClient(configuration: configuration)
            current = made
            return made
        }
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try await client.send(request)
    }

    public func send(_ request: HTTPRequest, reading reader: some HTTPBodyReader) async throws(HTTPError) -> HTTPResponse {
        try await client.send(request, reading: reader)
    }

    /// Closes the pool if it was ever opened.
    public func shutdown() async {
        let made = live.withLock { current in
            defer { current = nil }
            return current
        }
        await made?.shutdown()
    }
}
