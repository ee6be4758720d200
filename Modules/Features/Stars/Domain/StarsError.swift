import Foundation
import KernelDomain

/// Everything that can go wrong with the starred list, each with a message
/// that says what to do and a stable code for programs.
public enum StarsError: Error, Sendable, Equatable {
    /// No GitHub username in settings (the seed's alert).
    case noUser
    /// Nobody is signed in, so there are no settings to read a GitHub user from.
    case notSignedIn
    /// Starring and unstarring need a token.
    case needsToken
    case unknownUser(String)
    /// 401: the token is wrong or expired.
    case badToken
    /// The hourly limit is used up; `resetAt` from `X-RateLimit-Reset`.
    case rateLimited(resetAt: Date?)
    /// GitHub's secondary (abuse) limit: wait `retryAfter` seconds.
    case secondaryRateLimit(retryAfter: Double?)
    /// Cannot reach GitHub (refused, DNS, network down). The cache is shown.
    case offline(detail: String)
    case timeout(seconds: Double)
    /// The answer was not the JSON expected.
    case malformed(String)
    case tooLarge(limit: Int)
    /// Any other HTTP status.
    case server(status: Int, message: String)
    /// A repository name that is not `owner/name` (from input or the API).
    case invalidRepository(String)
    case notStarred(String)
    /// GitHub named more pages than `StarsSyncLimits.maxPages`.
    case tooManyPages(pages: Int, stars: Int)
    /// A `next` link named a page this sync had already read.
    case pagingLoop(pages: Int, stars: Int)
    /// The sync ran past `StarsSyncLimits.deadline`.
    case syncDeadline(seconds: Double, pages: Int, stars: Int)
    case other(String)
}

extension StarsError: DomainError {
    public var code: String {
        switch self {
        case .noUser: "stars.no_user"
        case .notSignedIn: "stars.not_signed_in"
        case .needsToken: "stars.needs_token"
        case .unknownUser: "stars.unknown_user"
        case .badToken: "stars.bad_token"
        case .rateLimited: "stars.rate_limited"
        case .secondaryRateLimit: "stars.secondary_rate_limit"
        case .offline: "stars.offline"
        case .timeout: "stars.timeout"
        case .malformed: "stars.malformed"
        case .tooLarge: "stars.too_large"
        case .server: "stars.server_error"
        case .invalidRepository: "stars.invalid_repository"
        case .notStarred: "stars.not_found"
        case .tooManyPages: "stars.too_many_pages"
        case .pagingLoop: "stars.paging_loop"
        case .syncDeadline: "stars.sync_deadline"
        case .other: "stars.failed"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .noUser, .notSignedIn, .needsToken, .invalidRepository: .invalidInput
        case .unknownUser, .notStarred: .notFound
        default: .failure
        }
    }

    public var message: String {
        switch self {
        case .noUser: "A github user is required. Set one: facet settings set github-user NAME"
        case .notSignedIn:
            "Nobody is signed in, so no GitHub user is set: sign in (facet login sign-in --first-name NAME --last-name NAME), "
                + "then set one (facet settings set github-user NAME)."
        case .needsToken: "Starring needs a GitHub token (settings: github-token)."
        case .unknownUser(let user): "GitHub has no user named \"\(user)\"."
        case .badToken: "GitHub refused the token (401): check or clear github-token in settings."
        case .rateLimited(let reset):
            reset.map { "GitHub's rate limit is used up; resets at \(HTTPTime.clock($0))." }
                ?? "GitHub's rate limit is used up; try again later."
        case .secondaryRateLimit(let wait):
            wait.map { "GitHub's secondary rate limit was hit; wait \(Int($0.rounded())) s." }
                ?? "GitHub's secondary rate limit was hit; wait a minute."
        case .offline(let detail): "GitHub cannot be reached: \(detail)"
        case .timeout(let seconds): "GitHub did not answer within \(HTTPError.seconds(seconds))."
        case .malformed(let detail): "GitHub's answer could not be read: \(detail)"
        case .tooLarge(let limit): "GitHub's answer is larger than the \(limit / 1024) KiB allowed."
        case .server(let status, let message): "GitHub answered \(status)\(message.isEmpty ? "" : ": \(message)")."
        case .invalidRepository(let name): "\"\(name)\" is not a repository name (owner/name)."
        case .notStarred(let name): "\(name) is not among the starred repositories."
        case .tooManyPages(let pages, let stars):
            "GitHub's starred list did not end after \(Self.read(pages, stars)); "
                + "the sync stopped and the cached list was not replaced."
        case .pagingLoop(let pages, let stars):
            "GitHub's starred list pointed back to a page already read after \(Self.read(pages, stars)); "
                + "the sync stopped and the cached list was not replaced."
        case .syncDeadline(let seconds, let pages, let stars):
            "Syncing the starred list took longer than \(HTTPError.seconds(seconds)), stopped after \(Self.read(pages, stars)); "
                + "the cached list was not replaced."
        case .other(let detail): detail
        }
    }

    /// "3 pages (300 stars read)", for the paging limits' messages.
    private static func read(_ pages: Int, _ stars: Int) -> String {
        "\(pages) \(pages == 1 ? "page" : "pages") (\(stars) \(stars == 1 ? "star" : "stars") read)"
    }

    /// The Stars view of a transport failure.
    public static func from(_ error: HTTPError) -> StarsError {
        switch error {
        case .connectionRefused, .dnsFailure, .network: .offline(detail: error.message)
        case .timeout(let seconds): .timeout(seconds: seconds)
        case .bodyTooLarge(let limit): .tooLarge(limit: limit)
        case .rateLimited(let reset, let retryAfter):
            reset != nil || retryAfter == nil ? .rateLimited(resetAt: reset) : .secondaryRateLimit(retryAfter: retryAfter)
        case .status(let status, let detail): .server(status: status, message: detail)
        default: .other(error.message)
        }
    }

    public var isOffline: Bool { if case .offline = self { true } else { false } }
}
