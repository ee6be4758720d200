import Foundation
import KernelDomain
import KernelServices
import StarsDomain

/// `StarredSource` over the HTTP port: GitHub REST v3's
/// `GET /users/{user}/starred` and `PUT`/`DELETE /user/starred/{owner}/{repo}`.
///
/// Sends `Accept: application/vnd.github.star+json` (which adds
/// `starred_at`), a `User-Agent`, `per_page=100`, the token only to the
/// configured API origin, and `If-None-Match` when given an `ETag`. Pages
/// come only from the `Link` header's `next`, never computed.
public struct GitHubStarredClient: StarredSource {
    public static let pageSize = 100
    /// A page of 100 repositories is ~100–300 KiB; anything past this is wrong.
    public static let bodyLimit = 4 << 20
    public static let userAgent = "Facet/0.1 (+https://github.com)"

    private let http: any HTTPClient

    public init(http: any HTTPClient) { self.http = http }

    public func starredPage(_ account: GitHubAccount, url: String?, etag: String?) async throws(StarsError) -> StarredPageResult {
        let target = url ?? firstPage(account)
        var request = HTTPRequest(url: target, headers: headers(account, for: target), bodyLimit: Self.bodyLimit)
        if let etag { request.headers["If-None-Match"] = etag }
        let response = try await send(request)
        let rate = GitHubResponseReader.rateLimit(response.headers)
        if response.isNotModified { return .notModified(rateLimit: rate) }
        try GitHubResponseReader.check(response, user: account.user)
        let stars = try GitHubResponseReader.stars(response.body)
        let next = GitHubLinkHeader.next(response.headers["Link"])
        // A `next` link pointing off the API host would get no token anyway, but
        // paging there is not what the user configured: stop instead.
        if let next, !GitHubStarredClient.sameOrigin(next, account.apiBase) {
            throw .malformed("the next page is on another host")
        }
        return .page(stars: stars, next: next, etag: response.headers["ETag"], rateLimit: rate)
    }

    public func firstPageURL(_ account: GitHubAccount) -> String? { firstPage(account) }

    private func firstPage(_ account: GitHubAccount) -> String {
        "\(account.apiBase)/users/\(account.user)/starred?per_page=\(Self.pageSize)"
    }

    public func setStarred(_ starred: Bool, fullName: String, account: GitHubAccount) async throws(StarsError) {
        let target = "\(account.apiBase)/user/starred/\(fullName)"
        var request = HTTPRequest(starred ? .put : .delete, url: target, headers: headers(account, for: target), bodyLimit: 64 << 10)
        request.headers["Content-Length"] = "0"
        let response = try await send(request)
        if response.status == 404 { throw .notStarred(fullName) }
        try GitHubResponseReader.check(response, user: account.user)
    }

    private func send(_ request: HTTPRequest) async throws(StarsError) -> HTTPResponse {
        do {
            return try await http.send(request)
        } catch {
            throw StarsError.from(error)
        }
    }

    /// The standard headers; `Authorization` only for the API's own origin.
    func headers(_ account: GitHubAccount, for url: String) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Accept": "application/vnd.github.star+json",
            "User-Agent": Self.userAgent,
            "X-GitHub-Api-Version": "2022-11-28",
        ]
        if let token = account.token, Self.sameOrigin(url, account.apiBase) {
            headers["Authorization"] = "Bearer \(token)"
        }
        return headers
    }

    static func sameOrigin(_ a: String, _ b: String) -> Bool {
        guard let x = URLComponents(string: a), let y = URLComponents(string: b) else { return false }
        return x.scheme?.lowercased() == y.scheme?.lowercased() && x.host?.lowercased() == y.host?.lowercased()
            && x.port == y.port
    }
}
