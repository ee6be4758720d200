import Foundation
import KernelDomain

/// How far one refresh of the starred list may go before it gives up.
///
/// GitHub's paging is followed only through its `Link: next` headers, so a
/// server that never stops naming a next page (or names the page it just
/// served) would otherwise keep a sync, and its memory, growing forever.
public struct StarsSyncLimits: Sendable, Equatable {
    /// Pages read at most in one sync: at 100 stars a page, far beyond any
    /// real account's list.
    public var maxPages: Int
    /// The whole sync, from the first request to the last page, measured on
    /// a monotonic clock. A request already running when it passes ends by
    /// the HTTP client's own timeout.
    public var deadline: TimeInterval

    public init(maxPages: Int, deadline: TimeInterval) {
        self.maxPages = max(1, maxPages)
        self.deadline = deadline
    }

    public static let standard = StarsSyncLimits(maxPages: 1000, deadline: 600)
}

extension StarsSyncLimits {
    /// The standard limits, overridden by `FACET_STARS_MAX_PAGES` and
    /// `FACET_STARS_SYNC_DEADLINE_MS` (tests use these to reach a limit
    /// through the binary without a long walk).
    public static func from(environment: [String: String]) -> StarsSyncLimits {
        var limits = StarsSyncLimits.standard
        if let pages = environment["FACET_STARS_MAX_PAGES"].flatMap(Int.init), pages > 0 { limits.maxPages = pages }
        if let millis = environment["FACET_STARS_SYNC_DEADLINE_MS"].flatMap(Int.init), millis >= 0 {
            limits.deadline = Double(millis) / 1000
        }
        return limits
    }
}
