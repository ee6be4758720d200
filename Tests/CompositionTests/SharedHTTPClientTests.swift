@testable import Composition
import Domain
import Foundation
import Services
import Testing
import TestSupport

/// The process's one HTTP client, made on first use or ahead of it.
@Suite struct SharedHTTPClientTests {
    /// `prepare` makes the client in the background; sends that race it
    /// wait for that one client instead of making their own, and a second
    /// `prepare` changes nothing.
    @Test func requestsRacingAPrepareAllGetAnswered() async throws {
        let fixture = try PhotosFixtureServer.shared()
        let client = SharedHTTPClient(configuration: HTTPClientConfiguration())
        client.prepare()
        client.prepare()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { try await client.send(HTTPRequest(.get, url: fixture.baseURL("status/404") + "/photos")).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [404, 404, 404, 404])
        client.prepare()
        await client.shutdown()
    }
}
