import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import ScreenKit

/// Text and typed values shared by the photo screens, so the list and the
/// detail say the same things the same way.
enum PhotoFormat {
    /// "just now", "5 min ago", "3 h ago", "2 days ago": how old the cache is.
    static func age(_ fetchedAt: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(fetchedAt).rounded(.down))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }

    /// The "Fetched" row: when, in words and typed.
    static func fetchedRow(_ cache: PhotoCacheInfo, now: Date) -> DetailRow {
        DetailRow(
            "Fetched", "\(age(cache.fetchedAt, now: now)) (\(Formatters.timestamp(cache.fetchedAt)))", id: "fetchedAt",
            data: .string(Formatters.iso8601(cache.fetchedAt)), type: .datetime)
    }

    /// An error as a photos screen shows it: the seed's heading (spelled
    /// right) and the specific description, under the error's stable code.
    static func screenError(_ error: any Error) -> ScreenError {
        var screen = ErrorPresentation.screenError(error)
        if !screen.message.hasPrefix(PhotoRules.errorHeading) {
            screen.message = PhotoRules.errorMessage(screen.message)
        }
        return screen
    }
}
