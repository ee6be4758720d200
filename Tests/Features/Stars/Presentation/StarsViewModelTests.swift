import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain
import StarsPresentation
import TestSupport
import Testing

/// The stars screen over doubles of the Domain ports: cache first, refresh
/// in the background, every GitHub error on the screen, visited marks that
/// survive refreshes, one page load at a time.
@MainActor
@Suite struct StarsViewModelTests {
    let source = ScriptedStarredSource(sampleStars(5))
    let store = InMemoryStarStore()
    let opener = RecordingURLOpener(hasBrowser: false)

    func signedIn(user: String = "octo", token: String? = nil) async throws -> AccountCenter {
        let (account, _, _) = makeAccount()
        _ = try await account.signIn(PersonName(first: "Ada", last: "Lovelace"))
        var changes = [SettingsChange.githubUser(user)]
        if let token { changes.append(.githubToken(token)) }
        _ = try await account.update(changes)
        return account
    }

    func model(_ account: AccountCenter, refresh: StarsViewModel.RefreshMode = .auto, now: Date = Date()) -> StarsViewModel {
        let access = StarsAccess(
            library: StarsLibrary(source: source, store: store, now: { now }), opener: opener, account: account,
            token: { _ in "secret-token" })
        return StarsViewModel(access: access, refresh: refresh, pageSize: 3, now: { now })
    }

    func names(_ vm: StarsViewModel) -> [String] { vm.snapshot.content.list?.items.map(\.title) ?? [] }

    @Test func withoutAUsernameItSaysTheSeedsMessageAndLeadsToSettings() async throws {
        let (account, _, _) = makeAccount()
        _ = try await account.signIn(PersonName(first: "Ada", last: "Lovelace"))
        let vm = model(account)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.status.message == "A github user is required. Set one: facet settings set github-user NAME")
        #expect(vm.snapshot.status.code == "stars.no_user")
        #expect(vm.snapshot.action("reload")?.disabledReason == "A github user is required. Set one: facet settings set github-user NAME")
        let outcome = try await vm.run("settings")
        #expect(outcome.navigate == ScreenRequest(screen: "settings"))
        #expect(source.requestCount == 0)
    }

    @Test func showsTheCacheAtOnceThenRefreshesInTheBackground() async throws {
        try await store.replaceAll(sampleStars(2), user: "octo")
        let account = try await signedIn()
        let release = source.hold()
        let vm = model(account)
        await vm.start()
        #expect(names(vm) == ["owner/repo-2", "owner/repo-1"])
        #expect(vm.snapshot.status.kind == .loading)
        #expect(vm.snapshot.action("reload")?.enabled == false)
        await source.waitForRequests(1)
        // A second refresh while one runs is ignored.
        await #expect(throws: ScreenError.self) { try await vm.run("reload") }
        #expect(vm.refresh() == false)
        #expect(source.requestCount == 1)
        release()
        await vm.settle()
        #expect(vm.snapshot.content.list?.total == 5)
        #expect(names(vm) == ["owner/repo-5", "owner/repo-4", "owner/repo-3"])
        #expect(vm.snapshot.content.list?.hasMore == true)
        let columns = vm.snapshot.content.list?.columns.map(\.id)
        #expect(columns == ["full_name", "description", "language", "stars", "starred_at", "pushed_at", "visited"])
        let first = try #require(vm.snapshot.content.list?.items.first)
        #expect(first.values["stars"] == .int(50))
        #expect(first.values["visited"] == .bool(false))
        #expect(first.values["starred_at"]?.stringValue?.hasSuffix("Z") == true)
        try await vm.run("load-more")
        #expect(names(vm).count == 5)
        #expect(vm.snapshot.content.list?.hasMore == false)
        let rate = vm.snapshot.content.detail?.rows.first { $0.id == "rate_remaining" }
        #expect(rate?.data == .int(4321))
    }

    @Test func anUnchangedListCostsOneConditionalRequest() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        let before = source.requestCount
        _ = try await vm.run("reload")
        await vm.settle()
        #expect(source.requestCount == before + 1)
        #expect(source.requests.last?.etag == "\"v1\"")
        #expect(vm.snapshot.status.kind == .idle)
    }

    @Test func openMarksVisitedAndTheMarkSurvivesAFullRefresh() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        let outcome = try await vm.run("open-url", ["item": .string("4")])
        #expect(outcome.openURL == "https://github.com/owner/repo-4")
        #expect(opener.opened == ["https://github.com/owner/repo-4"])
        #expect(vm.snapshot.content.list?.items[1].badges == ["visited"])
        _ = try await vm.run("refresh-all")
        await vm.settle()
        #expect(vm.snapshot.content.list?.items[1].values["visited"] == .bool(true))
        #expect(vm.snapshot.content.list?.items[0].badges == [])
    }

    @Test func searchLanguageAndSort() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        try await vm.run("filter", ["text": .string("number 3")])
        #expect(names(vm) == ["owner/repo-3"])
        try await vm.run("filter", ["text": .string("cli")])
        #expect(names(vm) == ["owner/repo-3"])
        try await vm.run("filter", ["text": .string("")])
        try await vm.run("language", ["language": .string("Rust")])
        #expect(names(vm) == ["owner/repo-5", "owner/repo-3", "owner/repo-1"])
        try await vm.run("sort", ["by": .string("full_name")])
        #expect(names(vm) == ["owner/repo-1", "owner/repo-3", "owner/repo-5"])
        #expect(vm.snapshot.content.list?.sort == "full_name")
    }

    /// Every GitHub failure reaches the screen with its own code and words,
    /// and the cached list stays.
    @Test(arguments: [
        (StarsError.unknownUser("octo"), "stars.unknown_user", "GitHub has no user named \"octo\"."),
        (.badToken, "stars.bad_token", "GitHub refused the token (401)"),
        (.secondaryRateLimit(retryAfter: 60), "stars.secondary_rate_limit", "wait 60 s"),
        (.timeout(seconds: 30), "stars.timeout", "within 30 s"),
        (.malformed("invalid JSON"), "stars.malformed", "could not be read"),
        (.tooLarge(limit: 4 << 20), "stars.too_large", "4096 KiB"),
        (.offline(detail: "Cannot find the host api.github.com"), "stars.offline", "GitHub unreachable; showing the cache from 3 hours ago."),
    ])
    func errorsAreShownOverTheCache(error: StarsError, code: String, words: String) async throws {
        let fetched = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.replaceAll(sampleStars(2), user: "octo")
        try await store.saveSyncState(StarSyncState(fetchedAt: fetched, fullSyncAt: fetched), user: "octo")
        let account = try await signedIn()
        source.fail(with: error)
        let vm = model(account, now: fetched.addingTimeInterval(3 * 3600 + 60))
        await vm.start()
        await vm.settle()
        // Offline over a cache is a warning (the cache is the answer); the rest are errors.
        #expect(vm.snapshot.status.kind == (error.isOffline ? .warning : .error))
        #expect(vm.snapshot.status.code == code)
        #expect(vm.snapshot.status.message?.contains(words) == true, "\(vm.snapshot.status.message ?? "")")
        #expect(names(vm) == ["owner/repo-2", "owner/repo-1"])
        if error.isOffline {
            let row = vm.snapshot.content.detail?.rows.first { $0.id == "fetched_at" }
            #expect(row?.value == "offline, fetched 3 h ago")
        }
    }

    @Test func rateLimitSaysWhenItResets() async throws {
        let account = try await signedIn()
        let reset = Date(timeIntervalSince1970: 1_800_021_900)  // 14:05 UTC
        source.fail(with: .rateLimited(resetAt: reset))
        let vm = model(account)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.status.code == "stars.rate_limited")
        #expect(vm.snapshot.status.message == "GitHub's rate limit is used up; resets at \(HTTPTime.clock(reset)).")
        #expect(HTTPTime.clock(reset).count == 5)
    }

    @Test func unstarNeedsATokenAndUpdatesTheListAtOnce() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.action("unstar")?.enabled == false)
        #expect(vm.snapshot.action("unstar")?.destructive == true)
        let withToken = try await signedIn(token: "ghp_x")
        let vm2 = model(withToken)
        await vm2.start()
        await vm2.settle()
        #expect(vm2.snapshot.action("unstar")?.enabled == true)
        try await vm2.run("unstar", ["item": .string("5")])
        #expect(names(vm2).first == "owner/repo-4")
        #expect(source.starCalls.first! == (false, "owner/repo-5"))
        #expect(vm2.snapshot.status.message == "Unstarred owner/repo-5.")
    }

    @Test func changingTheUsernameShowsThatUsersList() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.title == "Stars of octo")
        _ = try await account.update([.githubUser("other")])
        #expect(await eventually { vm.snapshot.title == "Stars of other" })
        await vm.settle()
        #expect(vm.snapshot.content.list?.total == 5)
        vm.close()
    }

    @Test func openingARepositoryShowsItsDetails() async throws {
        let account = try await signedIn()
        let vm = model(account)
        await vm.start()
        await vm.settle()
        let outcome = try await vm.run("open", ["item": .string("3")])
        #expect(outcome.navigate == ScreenRequest(screen: "repo", params: ["name": .string("owner/repo-3")]))
        let access = StarsAccess(library: StarsLibrary(source: source, store: store), opener: opener, account: account, token: { _ in nil })
        let detail = RepositoryViewModel(access: access, name: "owner/repo-3")
        await detail.start()
        let rows = detail.snapshot.content.detail?.rows ?? []
        #expect(rows.first { $0.id == "topics" }?.value == "cli")
        #expect(rows.first { $0.id == "stars" }?.data == .int(30))
        #expect(detail.snapshot.action("unstar")?.enabled == false)
        let opened = try await detail.run("open-url")
        #expect(opened.openURL == "https://github.com/owner/repo-3")
        #expect(detail.snapshot.content.detail?.rows.first { $0.id == "visited" }?.data == .bool(true))
    }
}
