import Foundation

/// How old a cache is, in the words a warning uses when a screen shows the
/// cache because the network failed: "showing the cache from 3 hours ago".
/// Whole words rather than "3 h": the sentence is read, not scanned in a column.
public enum CacheAge {
    public static func words(since date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date).rounded(.down)))
        switch seconds {
        case ..<60: return "less than a minute ago"
        case ..<3600: return Formatters.count(seconds / 60, "minute") + " ago"
        case ..<86_400: return Formatters.count(seconds / 3600, "hour") + " ago"
        default: return Formatters.count(seconds / 86_400, "day") + " ago"
        }
    }

    /// "<who> unreachable; showing the cache from 3 hours ago."
    public static func unreachable(_ who: String, fetchedAt: Date, now: Date) -> String {
        "\(who) unreachable; showing the cache from \(words(since: fetchedAt, now: now))."
    }
}
