import Foundation
import KernelDomain
import StarsDomain

/// A `StarredSource` that serves a list held in memory, paged like GitHub
/// (`next` links, an ETag per list version), or fails as told.
public final class ScriptedStarredSource: StarredSource, @unchecked Sendable {
    private let lock = NSLock()
    private var stars: [StarredRepository]
    private var version = 1
    private var failure: StarsError?
    private var gate: AsyncStream<Void>?
    public private(set) var requests: [(url: String?, etag: String?)] = []
    public private(set) var starCalls: [(Bool, String)] = []
    public let pageSize: Int
    public var rateLimit = RateLimitStatus(limit: 5000, remaining: 4321, resetAt: Date(timeIntervalSince1970: 2_000_000_000))

    public init(_ stars: [StarredRepository], pageSize: Int = 2) {
        self.stars = stars
        self.pageSize = pageSize
    }

    public func fail(with error: StarsError?) { locked { failure = error } }
    public func replace(_ list: [StarredRepository]) { locked { stars = list; version += 1 } }
    public var requestCount: Int { locked { requests.count } }

    /// Holds every page request until the returned function is called.
    public func hold() -> @Sendable () -> Void {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        locked { gate = stream }
        return { continuation.finish() }
    }

    /// Waits (up to 5 s) until `count` requests have arrived: the refresh
    /// runs in a task of its own, so a test must not assume it has started.
    public func waitForRequests(_ count: Int = 1) async {
        let deadline = Date().addingTimeInterval(5)
        while requestCount < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
    }

    public func starredPage(_ account: GitHubAccount, url: String?, etag: String?) async throws(StarsError) -> StarredPageResult {
        let gate = locked { () -> AsyncStream<Void>? in
            requests.append((url, etag))
            return self.gate
        }
        if let gate { for await _ in gate {} }
        return try locked { () throws(StarsError) -> StarredPageResult in
            if let failure { throw failure }
            let tag = "\"v\(version)\""
            let page = Int(url ?? "1") ?? 1
            if page == 1, etag == tag { return .notModified(rateLimit: rateLimit) }
            let chunk = Array(stars.dropFirst((page - 1) * pageSize).prefix(pageSize))
            let next = page * pageSize < stars.count ? String(page + 1) : nil
            return .page(stars: chunk, next: next, etag: tag, rateLimit: rateLimit)
        }
    }

    public func setStarred(_ starred: Bool, fullName: String, account: GitHubAccount) async throws(StarsError) {
        try locked { () throws(StarsError) in
            if let failure { throw failure }
            starCalls.append((starred, fullName))
            if !starred { stars.removeAll { $0.fullName == fullName } }
            version += 1
        }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A `StarStore` in memory with the SQLite store's observable behaviour
/// (visited marks apart from the list, word-prefix search).
public final class InMemoryStarStore: StarStore, @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [String: [StarredRepository]] = [:]
    private var visited: [String: Set<Int64>] = [:]
    private var states: [String: StarSyncState] = [:]

    public init() {}

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public func syncState(user: String) async throws -> StarSyncState? { locked { states[user] } }
    public func saveSyncState(_ state: StarSyncState, user: String) async throws { locked { states[user] = state } }
    public func replaceAll(_ stars: [StarredRepository], user: String) async throws { locked { lists[user] = stars } }

    public func upsert(_ stars: [StarredRepository], user: String) async throws {
        locked {
            var list = lists[user] ?? []
            for star in stars.reversed() {
                list.removeAll { $0.id == star.id }
                list.insert(star, at: 0)
            }
            lists[user] = list
        }
    }

    public func remove(fullName: String, user: String) async throws {
        locked { lists[user]?.removeAll { $0.fullName == fullName } }
    }

    public func knownIDs(_ ids: [Int64], user: String) async throws -> Set<Int64> {
        locked { Set((lists[user] ?? []).map(\.id)).intersection(ids) }
    }

    static func searchFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    public func page(user: String, _ query: StarQuery) async throws -> StarPage {
        locked {
            // Like the store's FTS5 index (tokenizer unicode61): words match
            // ignoring case and diacritics, each as a prefix of a word.
            let words = Self.searchFold(query.search).split { !($0.isLetter || $0.isNumber) }
            var list = (lists[user] ?? []).filter { star in
                let text = Self.searchFold(([star.fullName, star.description ?? ""] + star.topics).joined(separator: " "))
                let tokens = text.split { !($0.isLetter || $0.isNumber) }
                return words.allSatisfy { word in tokens.contains { $0.hasPrefix(word) } }
                    && (query.language == nil || star.language.map(Self.searchFold) == query.language.map(Self.searchFold))
            }
            switch query.sort {
            case .starred: list.sort { ($0.starredAt ?? .distantPast) > ($1.starredAt ?? .distantPast) }
            case .stars: list.sort { $0.stars > $1.stars }
            case .pushed: list.sort { ($0.pushedAt ?? .distantPast) > ($1.pushedAt ?? .distantPast) }
            case .name: list.sort { $0.fullName.lowercased() < $1.fullName.lowercased() }
            case .language: list.sort { (($0.language ?? "").lowercased(), $0.fullName.lowercased()) < (($1.language ?? "").lowercased(), $1.fullName.lowercased()) }
            }
            if query.descending != query.sort.naturallyDescending { list.reverse() }
            let marks = visited[user] ?? []
            let window = list.dropFirst(query.offset).prefix(query.limit).map { StarListing(repository: $0, visited: marks.contains($0.id)) }
            return StarPage(items: Array(window), offset: query.offset, total: list.count, cached: (lists[user] ?? []).count)
        }
    }

    public func repository(id: Int64, user: String) async throws -> StarListing? {
        locked {
            (lists[user] ?? []).first { $0.id == id }.map { StarListing(repository: $0, visited: visited[user]?.contains($0.id) ?? false) }
        }
    }

    public func repository(fullName: String, user: String) async throws -> StarListing? {
        locked {
            (lists[user] ?? []).first { $0.fullName == fullName }
                .map { StarListing(repository: $0, visited: visited[user]?.contains($0.id) ?? false) }
        }
    }

    public func languages(user: String) async throws -> [String] {
        locked { Array(Set((lists[user] ?? []).compactMap(\.language))).sorted() }
    }

    public func markVisited(id: Int64, user: String) async throws { _ = locked { visited[user, default: []].insert(id) } }
}

/// A `URLOpener` that records what it was asked to open.
public final class RecordingURLOpener: URLOpener, @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [String] = []
    private let hasBrowser: Bool

    public init(hasBrowser: Bool) { self.hasBrowser = hasBrowser }

    public var opened: [String] { lock.withLock { urls } }

    public func open(_ url: String) async throws(URLOpenError) -> Bool {
        lock.withLock { urls.append(url) }
        return hasBrowser
    }
}

/// Sample repositories: `count` of them, newest star first.
public func sampleStars(_ count: Int, from first: Int = 1) -> [StarredRepository] {
    var stars: [StarredRepository] = []
    for i in (first..<(first + count)).reversed() {
        let language: String = i % 2 == 0 ? "Swift" : "Rust"
        let topics: [String] = i % 3 == 0 ? ["cli"] : []
        let pushed = Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 100)
        let starred = Date(timeIntervalSince1970: 1_750_000_000 + Double(i) * 1000)
        stars.append(StarredRepository(
            id: Int64(i), fullName: "owner/repo-\(i)", description: "Repository number \(i)", language: language,
            stars: i * 10, topics: topics, pushedAt: pushed, starredAt: starred))
    }
    return stars
}
