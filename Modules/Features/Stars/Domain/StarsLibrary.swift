import Foundation
import KernelDomain

/// The starred-list rules, over the GitHub source and the local cache:
/// how a refresh decides between one conditional request, an incremental
/// pass and a full pass, and what opening or unstarring a repository does.
public struct StarsLibrary: Sendable {
    /// A full pass (which catches unstars) runs at most this often unless asked.
    public static let fullSyncInterval: TimeInterval = 24 * 3600

    public let source: any StarredSource
    public let store: any StarStore
    public let limits: StarsSyncLimits
    private let now: @Sendable () -> Date
    /// Seconds on a clock that never jumps, for the sync's deadline.
    private let uptime: @Sendable () -> TimeInterval

    public init(
        source: any StarredSource, store: any StarStore, limits: StarsSyncLimits = .standard,
        now: @escaping @Sendable () -> Date = { Date() },
        uptime: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.source = source
        self.store = store
        self.limits = limits
        self.now = now
        self.uptime = uptime
    }

    /// What a refresh did.
    public struct Outcome: Sendable, Equatable {
        public var requests: Int
        public var added: Int
        public var full: Bool
        public var notModified: Bool

        public init(requests: Int, added: Int, full: Bool, notModified: Bool) {
            self.requests = requests
            self.added = added
            self.full = full
            self.notModified = notModified
        }
    }

    /// Brings the cache up to date with GitHub.
    ///
    /// - Without `full`, and with a full pass in the last day: asks for the
    ///   first page with its `ETag` (an unchanged list costs one 304), then
    ///   follows `next` only until a page holds an already-known star.
    /// - Otherwise (first sync, a day since the last full pass, or asked):
    ///   follows every `next` link and replaces the list, keeping visited marks.
    ///
    /// The walk is bounded by `limits`: more pages than allowed, a `next`
    /// link to a page already read, or a sync past its deadline ends it with
    /// an error, and then nothing is written to the list (a full pass would
    /// otherwise replace it with part of itself).
    ///
    /// `progress` gets the number of stars read so far after each page.
    public func refresh(
        _ account: GitHubAccount, full: Bool = false, progress: @Sendable (Int) async -> Void = { _ in }
    ) async throws(StarsError) -> Outcome {
        let state = try await guarded { try await store.syncState(user: account.user) } ?? StarSyncState()
        let fullPass = full || state.fullSyncAt.map { now().timeIntervalSince($0) >= Self.fullSyncInterval } ?? true
        var collected: [StarredRepository] = []
        var next: String? = nil
        var requests = 0
        var firstETag = state.firstPageETag
        var rate = state.rateLimit
        var reachedKnown = false
        var requested: Set<String> = Set([source.firstPageURL(account)].compactMap { $0 })
        let started = uptime()
        repeat {
            // Checked before each request, so a failed walk has written nothing.
            if requests > 0, let stop = walkStop(next: next, requested: requested, pages: requests,
                                                 stars: collected.count, started: started) {
                try await saveState(StarSyncState(
                    firstPageETag: state.firstPageETag, fetchedAt: state.fetchedAt, fullSyncAt: state.fullSyncAt, rateLimit: rate), account)
                throw stop
            }
            if let next { requested.insert(next) }
            let conditional = requests == 0 && !fullPass ? state.firstPageETag : nil
            let result: StarredPageResult
            do {
                result = try await source.starredPage(account, url: next, etag: conditional)
            } catch {
                // Only a newer rate limit (from this error, or from the pages
                // read before it) is worth recording, on the state as it is
                // now: another refresh may have finished meanwhile, and the
                // state read above would erase what it saved.
                if let rateLimit = error.rateLimitStatus ?? (requests > 0 ? rate : nil) {
                    let current = try await guarded { try await store.syncState(user: account.user) } ?? StarSyncState()
                    try await saveState(StarSyncState(
                        firstPageETag: current.firstPageETag, fetchedAt: current.fetchedAt, fullSyncAt: current.fullSyncAt,
                        rateLimit: rateLimit), account)
                }
                throw error
            }
            requests += 1
            switch result {
            case .notModified(let rateLimit):
                rate = rateLimit ?? rate
                try await saveState(StarSyncState(
                    firstPageETag: firstETag, fetchedAt: now(), fullSyncAt: state.fullSyncAt, rateLimit: rate), account)
                return Outcome(requests: requests, added: 0, full: false, notModified: true)
            case .page(let stars, let link, let etag, let rateLimit):
                rate = rateLimit ?? rate
                if requests == 1 { firstETag = etag }
                if fullPass {
                    collected += stars
                } else {
                    let known = try await guarded { try await store.knownIDs(stars.map(\.id), user: account.user) }
                    if let firstKnown = stars.firstIndex(where: { known.contains($0.id) }) {
                        collected += stars[..<firstKnown]
                        reachedKnown = true
                    } else {
                        collected += stars
                    }
                }
                next = reachedKnown ? nil : link
                await progress(collected.count)
            }
        } while next != nil
        let didFull = fullPass || !reachedKnown
        let stored = collected
        if didFull {
            try await guarded { try await store.replaceAll(stored, user: account.user) }
        } else {
            try await guarded { try await store.upsert(stored, user: account.user) }
        }
        let at = now()
        try await saveState(StarSyncState(
            firstPageETag: firstETag, fetchedAt: at, fullSyncAt: didFull ? at : state.fullSyncAt, rateLimit: rate), account)
        return Outcome(requests: requests, added: collected.count, full: didFull, notModified: false)
    }

    /// Why the walk must not request `next`, if it must not.
    private func walkStop(next: String?, requested: Set<String>, pages: Int, stars: Int, started: TimeInterval) -> StarsError? {
        if let next, requested.contains(next) { return .pagingLoop(pages: pages, stars: stars) }
        if pages >= limits.maxPages { return .tooManyPages(pages: pages, stars: stars) }
        if uptime() - started >= limits.deadline {
            return .syncDeadline(seconds: limits.deadline, pages: pages, stars: stars)
        }
        return nil
    }

    /// The page to open for a repository, checked (https, on the web host),
    /// and the repository marked visited for this user.
    public func open(id: Int64, account: GitHubAccount) async throws -> String {
        guard let listing = try await store.repository(id: id, user: account.user) else {
            throw StarsError.notStarred("#\(id)")
        }
        let url = try Self.webURL(listing.repository.fullName, webBase: account.webBase)
        try await store.markVisited(id: id, user: account.user)
        return url
    }

    /// Stars or unstars `fullName` on GitHub, then updates the cache at once.
    public func setStarred(_ starred: Bool, fullName: String, account: GitHubAccount) async throws {
        guard account.token != nil else { throw StarsError.needsToken }
        try Self.checkName(fullName)
        try await source.setStarred(starred, fullName: fullName, account: account)
        if starred {
            // The next refresh brings the details; the star is already there.
            _ = try await refresh(account)
        } else {
            try await store.remove(fullName: fullName, user: account.user)
        }
    }

    /// `webBase/owner/name`, refusing names that are not plain `owner/name`.
    public static func webURL(_ fullName: String, webBase: String) throws -> String {
        try checkName(fullName)
        return try WebLinkRules.check(webBase + "/" + fullName, webBase: webBase)
    }

    static func checkName(_ fullName: String) throws(StarsError) {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = { (c: Unicode.Scalar) in
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == ".")
        }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.unicodeScalars.allSatisfy(allowed) })
        else { throw .invalidRepository(String(fullName.prefix(100))) }
    }

    private func saveState(_ state: StarSyncState, _ account: GitHubAccount) async throws(StarsError) {
        try await guarded { try await store.saveSyncState(state, user: account.user) }
    }

    /// Store failures pass through as they are (a `StorageError` explains itself).
    private func guarded<T>(_ body: () async throws -> T) async throws(StarsError) -> T {
        do {
            return try await body()
        } catch let error as StarsError {
            throw error
        } catch {
            throw .other((error as? any DomainError)?.message ?? "\(error)")
        }
    }
}

extension StarsError {
    /// A rate-limit error carries what is known of the limit, for the screen.
    var rateLimitStatus: RateLimitStatus? {
        if case .rateLimited(let reset) = self { return RateLimitStatus(limit: 0, remaining: 0, resetAt: reset) }
        return nil
    }
}
