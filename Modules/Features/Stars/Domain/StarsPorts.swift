import Foundation
import KernelDomain

/// Who is asking GitHub, and where GitHub is.
public struct GitHubAccount: Sendable, Equatable {
    public var user: String
    /// The secret; never printed, logged or put in a URL.
    public var token: String?
    /// API base (`https://api.github.com` or an Enterprise/test host).
    public var apiBase: String
    /// Web base for opening pages (`https://github.com`).
    public var webBase: String

    public init(user: String, token: String?, apiBase: String, webBase: String) {
        self.user = user
        self.token = token
        self.apiBase = apiBase
        self.webBase = webBase
    }
}

/// One page of `GET /users/{user}/starred`.
public enum StarredPageResult: Sendable, Equatable {
    /// `304 Not Modified` for the `ETag` sent.
    case notModified(rateLimit: RateLimitStatus?)
    /// Stars newest first, the `Link` header's `next` URL, the page's `ETag`.
    case page(stars: [StarredRepository], next: String?, etag: String?, rateLimit: RateLimitStatus?)
}

/// The GitHub side (Services/GitHub implements it over the HTTP port).
public protocol StarredSource: Sendable {
    /// The first page (`url == nil`) or the page a `next` link named;
    /// `etag` makes the request conditional.
    func starredPage(_ account: GitHubAccount, url: String?, etag: String?) async throws(StarsError) -> StarredPageResult
    /// `PUT` (star) or `DELETE` (unstar) `/user/starred/{owner}/{repo}`.
    func setStarred(_ starred: Bool, fullName: String, account: GitHubAccount) async throws(StarsError)
    /// The URL a first-page request (`url == nil`) fetches, when the source
    /// has one: a `next` link naming it is a loop back to the start.
    func firstPageURL(_ account: GitHubAccount) -> String?
}

extension StarredSource {
    public func firstPageURL(_ account: GitHubAccount) -> String? { nil }
}

/// The local cache (Persistence/Stars implements it on SQLite).
public protocol StarStore: Sendable {
    func syncState(user: String) async throws -> StarSyncState?
    func saveSyncState(_ state: StarSyncState, user: String) async throws
    /// Replaces the user's whole list (a full pass); visited marks are kept.
    func replaceAll(_ stars: [StarredRepository], user: String) async throws
    /// Adds or updates stars (an incremental pass or a new star).
    func upsert(_ stars: [StarredRepository], user: String) async throws
    func remove(fullName: String, user: String) async throws
    func knownIDs(_ ids: [Int64], user: String) async throws -> Set<Int64>
    func page(user: String, _ query: StarQuery) async throws -> StarPage
    func repository(id: Int64, user: String) async throws -> StarListing?
    func repository(fullName: String, user: String) async throws -> StarListing?
    func languages(user: String) async throws -> [String]
    func markVisited(id: Int64, user: String) async throws
}
