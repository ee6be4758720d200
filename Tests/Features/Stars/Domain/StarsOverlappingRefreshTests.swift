import Foundation
import KernelDomain
import StarsDomain
import TestSupport
import Testing

/// Two refreshes of one user's stars at once (two screens, or a screen that
/// started syncing on a settings change while another was opened): one that
/// fails after the other finished must not put back the sync state it read
/// when it started. Through MCP this left a synced cache saying "Fetched:
/// never", and the next refresh paid a full pass again.
@Suite struct StarsOverlappingRefreshTests {
    let account = GitHubAccount(user: "octo", token: nil, apiBase: "https://api.example.com", webBase: "https://github.com")

    @Test func aFailedRefreshKeepsWhatANewerOneSaved() async throws {
        let store = InMemoryStarStore()
        let slow = ScriptedStarredSource(sampleStars(5), pageSize: 2)
        let release = slow.hold()
        let stale = Task { try? await StarsLibrary(source: slow, store: store).refresh(account) }
        await slow.waitForRequests(1)  // it has read the (empty) state and waits on GitHub

        _ = try await StarsLibrary(source: ScriptedStarredSource(sampleStars(5), pageSize: 2), store: store).refresh(account)
        let saved = try #require(try await store.syncState(user: "octo"))
        #expect(saved.fetchedAt != nil)

        slow.fail(with: .offline(detail: "gone"))
        release()
        _ = await stale.value
        let after = try await store.syncState(user: "octo")
        #expect(after?.fetchedAt == saved.fetchedAt)
        #expect(after?.fullSyncAt == saved.fullSyncAt)
        #expect(after?.firstPageETag == saved.firstPageETag)
    }

    @Test func aRateLimitedFailureStillRecordsTheLimit() async throws {
        let store = InMemoryStarStore()
        _ = try await StarsLibrary(source: ScriptedStarredSource(sampleStars(5), pageSize: 2), store: store).refresh(account)
        let saved = try #require(try await store.syncState(user: "octo"))
        let limited = ScriptedStarredSource(sampleStars(5), pageSize: 2)
        let reset = Date(timeIntervalSince1970: 2_100_000_000)
        limited.fail(with: .rateLimited(resetAt: reset))
        await #expect(throws: StarsError.self) { try await StarsLibrary(source: limited, store: store).refresh(account, full: true) }
        let after = try await store.syncState(user: "octo")
        #expect(after?.rateLimit?.remaining == 0)
        #expect(after?.fetchedAt == saved.fetchedAt)
    }
}
