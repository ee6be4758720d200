import Foundation
import KernelDomain
@testable import KernelServices
import StarsDomain
@testable import StarsServices
import TestSupport
import Testing

/// The GitHub client against the loopback fixture: paging by `Link`,
/// ETags, headers, the token's reach, and every error status.
@Suite("GitHub starred client", .serialized)
struct GitHubStarredClientTests {
    // Generous: a loaded test machine is slow; the timeout test uses its own client.
    let http = LiveHTTPClient(configuration: HTTPClientConfiguration(
        connectTimeout: .seconds(5), requestTimeout: .seconds(20), retryBaseDelay: .milliseconds(10)))

    func account(_ server: FixtureServer, _ user: String = "octo", token: String? = nil) -> GitHubAccount {
        GitHubAccount(user: user, token: token, apiBase: server.baseURL, webBase: "https://github.com")
    }

    @Test func pagesThroughLinkNextWithETagsAndHeaders() async throws {
        let server = try FixtureServer(arguments: ["--stars", "250"])
        let client = GitHubStarredClient(http: http)
        var url: String? = nil
        var all: [StarredRepository] = []
        var firstETag: String?
        repeat {
            guard case .page(let stars, let next, let etag, let rate) = try await client.starredPage(account(server), url: url, etag: nil)
            else { Issue.record("expected a page"); return }
            if url == nil { firstETag = etag }
            #expect(rate?.limit == 5000)
            all += stars
            url = next
        } while url != nil
        #expect(all.count == 250)
        #expect(Set(all.map(\.id)).count == 250)
        #expect(all.first?.starredAt != nil)
        #expect(all.contains { !$0.topics.isEmpty })
        let again = try await client.starredPage(account(server), url: nil, etag: firstETag)
        #expect(again == .notModified(rateLimit: RateLimitStatus(limit: 5000, remaining: 4999, resetAt: Date(timeIntervalSince1970: 2_000_000_000))))
        let log = try server.log()
        #expect(log.count == 4)
        #expect(log.allSatisfy { ($0["accept"] as? String) == "application/vnd.github.star+json" })
        #expect(log.allSatisfy { ($0["user_agent"] as? String)?.hasPrefix("Facet/") == true })
        #expect((log[0]["path"] as? String) == "/users/octo/starred?per_page=100")
        #expect(log.allSatisfy { ($0["authorization"] as? Bool) == false })
        await http.shutdown()
    }

    @Test func everyErrorStatusHasItsOwnError() async throws {
        let server = try FixtureServer(arguments: ["--slow", "5", "--huge-bytes", "5000000"])
        let client = GitHubStarredClient(http: http)
        func failure(_ user: String, token: String? = nil) async -> StarsError? {
            do {
                _ = try await client.starredPage(account(server, user, token: token), url: nil, etag: nil)
                return nil
            } catch {
                return error
            }
        }
        #expect(await failure("ghost") == .unknownUser("ghost"))
        #expect(await failure("octo", token: "bad") == .badToken)
        #expect(await failure("limited") == .rateLimited(resetAt: Date(timeIntervalSince1970: 2_000_000_000)))
        #expect(await failure("secondary") == .secondaryRateLimit(retryAfter: 60))
        if case .malformed = await failure("malformed") {} else { Issue.record("malformed JSON not reported") }
        #expect(await failure("huge") == .tooLarge(limit: GitHubStarredClient.bodyLimit))
        let impatient = LiveHTTPClient(configuration: HTTPClientConfiguration(requestTimeout: .milliseconds(1500)))
        do {
            _ = try await GitHubStarredClient(http: impatient).starredPage(account(server, "slow"), url: nil, etag: nil)
            Issue.record("expected a timeout")
        } catch {
            #expect(error == .timeout(seconds: 1.5))
        }
        await impatient.shutdown()
        let offline = GitHubAccount(user: "octo", token: nil, apiBase: "http://127.0.0.1:9", webBase: "https://github.com")
        do {
            _ = try await client.starredPage(offline, url: nil, etag: nil)
            Issue.record("expected offline")
        } catch {
            #expect(error.isOffline)
        }
        await http.shutdown()
    }

    @Test func escapesWideCharactersAndNewlinesArriveExactly() async throws {
        let server = try FixtureServer()
        let client = GitHubStarredClient(http: http)
        guard case .page(let stars, _, _, _) = try await client.starredPage(account(server, "weird"), url: nil, etag: nil) else {
            Issue.record("expected a page"); return
        }
        #expect(stars[0].fullName == "evil/\u{1B}[31mred")
        #expect(stars[0].description == "Line one\nLine two \u{1B}]0;pwned\u{07} 宽字符 😀 tab\there \\u0000")
        #expect(stars[0].topics == ["été", "bell\u{07}"])
        #expect(stars[1].description == "中文描述 wide")
        await http.shutdown()
    }

    @Test func tokenGoesOnlyToTheAPIHostAndStarringWorks() async throws {
        let server = try FixtureServer(arguments: ["--stars", "3"])
        let client = GitHubStarredClient(http: http)
        try await client.setStarred(false, fullName: "owner2/project-00002", account: account(server, token: "good"))
        try await client.setStarred(true, fullName: "apple/swift", account: account(server, token: "good"))
        guard case .page(let stars, _, _, _) = try await client.starredPage(account(server, "moved", token: "good"), url: nil, etag: nil) else {
            Issue.record("expected a page"); return
        }
        #expect(stars.map(\.fullName) == ["apple/swift", "owner1/project-00001", "owner0/project-00000"])
        let log = try server.log()
        #expect(log.map { $0["method"] as? String } == ["DELETE", "PUT", "GET", "GET"])
        #expect(log[2]["authorization"] as? Bool == true)
        #expect(log[3]["authorization"] as? Bool == false)  // redirected to another host
        #expect(log.allSatisfy { !(($0["path"] as? String) ?? "").contains("good") })
        await http.shutdown()
    }

    @Test func linkHeaderReading() {
        #expect(GitHubLinkHeader.next(#"<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last""#) == "https://a/x?page=2")
        #expect(GitHubLinkHeader.next(#"<https://a/x?page=1>; rel="first""#) == nil)
        #expect(GitHubLinkHeader.next(nil) == nil)
        // Relation types are a quoted, space-separated list; case and spacing vary.
        #expect(GitHubLinkHeader.next(#" <https://a/x?page=3> ;  REL = "prev next" "#) == "https://a/x?page=3")
        #expect(GitHubLinkHeader.next(#"<https://a/x?page=4>; rel=next"#) == "https://a/x?page=4")
        #expect(GitHubLinkHeader.next(#"<https://a/x?page=5>; rel="nextpage""#) == nil)
    }
}
