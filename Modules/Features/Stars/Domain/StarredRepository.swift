import Foundation
import KernelDomain

/// One repository a GitHub user starred, with what the API says about it.
/// Text fields are untrusted (anyone can write a description): they are
/// kept exact here and sanitised only where a terminal draws them.
public struct StarredRepository: Sendable, Equatable, Identifiable {
    /// GitHub's repository id: stable across renames, so visited marks follow it.
    public var id: Int64
    /// `owner/name`.
    public var fullName: String
    public var description: String?
    public var language: String?
    public var stars: Int
    public var forks: Int
    public var openIssues: Int
    public var archived: Bool
    public var homepage: String?
    /// SPDX id (`MIT`) or the licence's name.
    public var license: String?
    public var topics: [String]
    public var pushedAt: Date?
    /// When the user starred it (the `star+json` media type gives it).
    public var starredAt: Date?
    public var defaultBranch: String?

    public init(
        id: Int64, fullName: String, description: String? = nil, language: String? = nil, stars: Int = 0,
        forks: Int = 0, openIssues: Int = 0, archived: Bool = false, homepage: String? = nil, license: String? = nil,
        topics: [String] = [], pushedAt: Date? = nil, starredAt: Date? = nil, defaultBranch: String? = nil
    ) {
        self.id = id
        self.fullName = fullName
        self.description = description
        self.language = language
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.archived = archived
        self.homepage = homepage
        self.license = license
        self.topics = topics
        self.pushedAt = pushedAt
        self.starredAt = starredAt
        self.defaultBranch = defaultBranch
    }
}

/// A cached star as a list shows it: the repository and whether the user
/// has opened it (kept per user and repository, across every refresh).
public struct StarListing: Sendable, Equatable, Identifiable {
    public var repository: StarredRepository
    public var visited: Bool
    public var id: Int64 { repository.id }

    public init(repository: StarredRepository, visited: Bool) {
        self.repository = repository
        self.visited = visited
    }
}

/// How a star list is ordered; each raw value is the id of the column it
/// sorts by, the one name `--sort` takes.
public enum StarSort: String, CaseIterable, Sendable {
    /// Most recently starred first.
    case starred = "starred_at"
    /// Most stargazers first.
    case stars
    /// Most recently pushed first.
    case pushed = "pushed_at"
    /// `owner/name`, A to Z.
    case name = "full_name"
    /// By language name, A to Z (none last), then `owner/name`.
    case language

    /// Dates and counts newest and largest first; names A to Z.
    public var naturallyDescending: Bool { self == .starred || self == .stars || self == .pushed }
}

/// Which cached stars to read: full-text search, a language, an order, a window.
public struct StarQuery: Sendable, Equatable {
    public var search: String
    /// nil: every language.
    public var language: String?
    public var sort: StarSort
    /// Newest, largest or Z first.
    public var descending: Bool
    public var offset: Int
    public var limit: Int

    public init(
        search: String = "", language: String? = nil, sort: StarSort = .starred, descending: Bool? = nil, offset: Int = 0,
        limit: Int = 50
    ) {
        self.search = search
        self.language = language
        self.sort = sort
        self.descending = descending ?? sort.naturallyDescending
        self.offset = offset
        self.limit = limit
    }
}

public struct StarPage: Sendable, Equatable {
    public var items: [StarListing]
    public var offset: Int
    /// Matching stars in the cache (not just this window).
    public var total: Int
    /// Every star in the user's cache, whatever the search or language:
    /// the screen's "Cached" row names this one number in every state.
    public var cached: Int

    public init(items: [StarListing], offset: Int, total: Int, cached: Int? = nil) {
        self.items = items
        self.offset = offset
        self.total = total
        self.cached = cached ?? total
    }
}

/// GitHub's rate-limit headers, shown so the user knows what is left.
public struct RateLimitStatus: Sendable, Equatable {
    public var limit: Int
    public var remaining: Int
    public var resetAt: Date?

    public init(limit: Int, remaining: Int, resetAt: Date?) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
    }
}

/// What the cache knows about its last conversations with GitHub, per user.
public struct StarSyncState: Sendable, Equatable {
    /// The first page's `ETag`: an unchanged list then costs one 304.
    public var firstPageETag: String?
    /// Last successful contact (a page or a 304).
    public var fetchedAt: Date?
    /// Last complete pass over every page (catches unstars).
    public var fullSyncAt: Date?
    public var rateLimit: RateLimitStatus?

    public init(firstPageETag: String? = nil, fetchedAt: Date? = nil, fullSyncAt: Date? = nil, rateLimit: RateLimitStatus? = nil) {
        self.firstPageETag = firstPageETag
        self.fetchedAt = fetchedAt
        self.fullSyncAt = fullSyncAt
        self.rateLimit = rateLimit
    }
}
