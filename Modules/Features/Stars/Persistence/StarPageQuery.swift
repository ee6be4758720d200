import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import StarsDomain

/// One window of a user's cached stars: FTS5 search, language filter, sort.
struct StarPageQuery {
    let user: String
    let query: StarQuery

    static let columns = """
        s.repo_id, s.full_name, s.description, s.language, s.stars, s.forks, s.open_issues, s.archived, s.homepage,
        s.license, s.topics, s.pushed_at, s.starred_at, s.default_branch,
        EXISTS (SELECT 1 FROM star_visited v WHERE v.user = s.user AND v.repo_id = s.repo_id) AS visited
        """

    func fetch(_ db: Database) throws -> StarPage {
        var conditions = ["s.user = ?"]
        var arguments: [(any DatabaseValueConvertible)?] = [user]
        if let match = Self.ftsQuery(query.search) {
            conditions.append("s.id IN (SELECT rowid FROM star_fts WHERE star_fts MATCH ?)")
            arguments.append(match)
        }
        if let language = query.language, !language.isEmpty {
            // `go` finds `Go`: case ignored as `CaseFolding` ignores it.
            conditions.append("facet_fold(s.language) = ?")
            arguments.append(CaseFolding.fold(language))
        }
        let filter = conditions.joined(separator: " AND ")
        let total = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM star s WHERE \(filter)", arguments: StatementArguments(arguments)) ?? 0
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT \(Self.columns) FROM star s WHERE \(filter) ORDER BY \(orderBy) LIMIT ? OFFSET ?",
            arguments: StatementArguments(arguments + [max(0, query.limit), max(0, query.offset)]))
        let cached = conditions.count == 1
            ? total : try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM star WHERE user = ?", arguments: [user]) ?? 0
        return StarPage(items: rows.map(Self.listing), offset: max(0, query.offset), total: total, cached: cached)
    }

    private var orderBy: String {
        let way = query.descending ? "DESC" : "ASC"
        return switch query.sort {
        case .starred: "s.starred_at \(way), s.full_name COLLATE NOCASE"
        case .stars: "s.stars \(way), s.full_name COLLATE NOCASE"
        case .pushed: "s.pushed_at \(way), s.full_name COLLATE NOCASE"
        case .name: "s.full_name COLLATE NOCASE \(way)"
        // Repositories without a language last either way.
        case .language: "s.language IS NULL, s.language COLLATE NOCASE \(way), s.full_name COLLATE NOCASE"
        }
    }

    /// User text as an FTS5 query: each word a quoted prefix term, all
    /// required. Quoting makes FTS5 syntax (`AND`, `*`, `:`, `"`) plain text,
    /// so no input is an error. nil when there is nothing to search for.
    static func ftsQuery(_ text: String) -> String? {
        let words = text.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        return words.prefix(16).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " ")
    }

    /// Topics stored as one space-separated text column (indexed by FTS5).
    static func joinTopics(_ topics: [String]) -> String { topics.joined(separator: "\n") }

    static func listing(_ row: Row) -> StarListing {
        let topics: String = row["topics"] ?? ""
        return StarListing(
            repository: StarredRepository(
                id: row["repo_id"], fullName: row["full_name"], description: row["description"], language: row["language"],
                stars: row["stars"], forks: row["forks"], openIssues: row["open_issues"], archived: row["archived"],
                homepage: row["homepage"], license: row["license"],
                topics: topics.isEmpty ? [] : topics.split(separator: "\n").map(String.init),
                pushedAt: SQLiteStarStore.date(row["pushed_at"]), starredAt: SQLiteStarStore.date(row["starred_at"]),
                defaultBranch: row["default_branch"]),
            visited: row["visited"])
    }
}
