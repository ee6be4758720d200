import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain

/// Table columns and rows of the starred list, and the detail rows of one
/// repository: typed values for programs, short text for people.
enum StarsRows {
    static let columns = [
        ListColumn("full_name", "Repository", priority: 0, sorts: true),
        ListColumn("description", "Description", priority: 3),
        ListColumn("language", "Language", priority: 2, sorts: true),
        ListColumn("stars", "Stars", type: .integer, priority: 1, sorts: true),
        ListColumn("starred_at", "Starred", type: .datetime, priority: 4, sorts: true),
        ListColumn("pushed_at", "Last push", type: .datetime, priority: 5, sorts: true),
        ListColumn("visited", "Visited", type: .boolean, priority: 6),
    ]

    static func item(_ listing: StarListing) -> ListItem {
        let repo = listing.repository
        return ListItem(
            id: String(repo.id), title: repo.fullName, badges: listing.visited ? ["visited"] : [])
            .with("full_name", .string(repo.fullName))
            .with("description", .text(repo.description), display: repo.description.map(oneLine))
            .with("language", .text(repo.language))
            .with("stars", .int(repo.stars), display: Formatters.grouped(repo.stars))
            .with("starred_at", iso(repo.starredAt), display: repo.starredAt.map(day))
            .with("pushed_at", iso(repo.pushedAt), display: repo.pushedAt.map(day))
            .with("visited", .bool(listing.visited), display: listing.visited ? "yes" : "")
    }

    static func detail(_ listing: StarListing, url: String?) -> [DetailRow] {
        let repo = listing.repository
        var rows = [
            DetailRow("Repository", repo.fullName, id: "full_name"),
            DetailRow("Description", repo.description ?? "—", id: "description", data: .text(repo.description)),
            DetailRow("Language", repo.language ?? "—", id: "language", data: .text(repo.language)),
            DetailRow("Stars", Formatters.grouped(repo.stars), id: "stars", data: .int(repo.stars), type: .integer),
            DetailRow("Forks", Formatters.grouped(repo.forks), id: "forks", data: .int(repo.forks), type: .integer),
            DetailRow("Open issues", Formatters.grouped(repo.openIssues), id: "open_issues", data: .int(repo.openIssues), type: .integer),
            DetailRow("Archived", repo.archived ? "yes" : "no", id: "archived", data: .bool(repo.archived), type: .boolean),
            DetailRow("Licence", repo.license ?? "—", id: "license", data: .text(repo.license)),
            DetailRow("Topics", repo.topics.isEmpty ? "—" : repo.topics.joined(separator: ", "), id: "topics",
                      data: repo.topics.isEmpty ? .null : .string(repo.topics.joined(separator: ","))),
            DetailRow("Homepage", repo.homepage ?? "—", id: "homepage", data: .text(repo.homepage), type: .url),
            DetailRow("Default branch", repo.defaultBranch ?? "—", id: "default_branch", data: .text(repo.defaultBranch)),
            DetailRow("Last push", repo.pushedAt.map(Formatters.timestamp) ?? "—", id: "pushed_at", data: iso(repo.pushedAt), type: .datetime),
            DetailRow("Starred", repo.starredAt.map(Formatters.timestamp) ?? "—", id: "starred_at", data: iso(repo.starredAt), type: .datetime),
            DetailRow("Visited", listing.visited ? "yes" : "no", id: "visited", data: .bool(listing.visited), type: .boolean),
        ]
        if let url { rows.append(DetailRow("Page", url, id: "url", type: .url)) }
        return rows
    }

    /// Descriptions may hold newlines: a table row shows one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func iso(_ date: Date?) -> TypedValue {
        guard let date else { return .null }
        return .string(Formatters.iso8601(date))
    }

    static func day(_ date: Date) -> String { Formatters.day(date) }

    /// "3 h ago", "just now": how old the cache is.
    static func age(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<(48 * 3600): return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) days ago"
        }
    }
}
