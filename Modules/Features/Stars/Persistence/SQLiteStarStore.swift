import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import StarsDomain

/// `StarStore` on the Facet database (tables in `StarsSchema`).
public struct SQLiteStarStore: StarStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func syncState(user: String) async throws -> StarSyncState? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM star_sync WHERE user = ?", arguments: [user]).map { row in
                let limit: Int? = row["rate_limit"]
                let remaining: Int? = row["rate_remaining"]
                let reset: Double? = row["rate_reset"]
                return StarSyncState(
                    firstPageETag: row["first_etag"], fetchedAt: Self.date(row["fetched_at"]),
                    fullSyncAt: Self.date(row["full_sync_at"]),
                    rateLimit: limit.flatMap { limit in
                        remaining.map { RateLimitStatus(limit: limit, remaining: $0, resetAt: Self.date(reset)) }
                    })
            }
        }
    }

    public func saveSyncState(_ state: StarSyncState, user: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO star_sync (user, first_etag, fetched_at, full_sync_at, rate_limit, rate_remaining, rate_reset)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user, state.firstPageETag, state.fetchedAt?.timeIntervalSince1970, state.fullSyncAt?.timeIntervalSince1970,
                    state.rateLimit?.limit, state.rateLimit?.remaining, state.rateLimit?.resetAt?.timeIntervalSince1970,
                ])
        }
    }

    public func replaceAll(_ stars: [StarredRepository], user: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM star WHERE user = ?", arguments: [user])
            try Self.insert(stars, user: user, db)
        }
    }

    public func upsert(_ stars: [StarredRepository], user: String) async throws {
        try await database.write { db in try Self.insert(stars, user: user, db) }
    }

    public func remove(fullName: String, user: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM star WHERE user = ? AND full_name = ?", arguments: [user, fullName])
        }
    }

    public func knownIDs(_ ids: [Int64], user: String) async throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        return try await database.read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            var values: [(any DatabaseValueConvertible)?] = [user]
            values += ids.map { $0 as (any DatabaseValueConvertible)? }
            let arguments = StatementArguments(values)
            return Set(try Int64.fetchAll(
                db, sql: "SELECT repo_id FROM star WHERE user = ? AND repo_id IN (\(marks))", arguments: arguments))
        }
    }

    public func page(user: String, _ query: StarQuery) async throws -> StarPage {
        try await database.read { db in try StarPageQuery(user: user, query: query).fetch(db) }
    }

    public func repository(id: Int64, user: String) async throws -> StarListing? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(StarPageQuery.columns) FROM star s WHERE s.user = ? AND s.repo_id = ?",
                arguments: [user, id]
            ).map(StarPageQuery.listing)
        }
    }

    public func repository(fullName: String, user: String) async throws -> StarListing? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(StarPageQuery.columns) FROM star s WHERE s.user = ? AND s.full_name = ?",
                arguments: [user, fullName]
            ).map(StarPageQuery.listing)
        }
    }

    public func languages(user: String) async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: Self.languagesSQL, arguments: [user]) }
    }

    /// Read on every open of the list; served by the `star_by_language` index.
    static let languagesSQL =
        "SELECT DISTINCT language FROM star WHERE user = ? AND language IS NOT NULL ORDER BY language COLLATE NOCASE"

    public func markVisited(id: Int64, user: String) async throws {
        let now = Date().timeIntervalSince1970
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO star_visited (user, repo_id, visited_at) VALUES (?, ?, ?)",
                arguments: [user, id, now])
        }
    }

    /// Inserts or updates rows with one cached statement (10,000 stars in one transaction).
    static func insert(_ stars: [StarredRepository], user: String, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO star (user, repo_id, full_name, description, language, stars, forks, open_issues, archived,
                              homepage, license, topics, pushed_at, starred_at, default_branch)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user, repo_id) DO UPDATE SET
                full_name = excluded.full_name, description = excluded.description, language = excluded.language,
                stars = excluded.stars, forks = excluded.forks, open_issues = excluded.open_issues,
                archived = excluded.archived, homepage = excluded.homepage, license = excluded.license,
                topics = excluded.topics, pushed_at = excluded.pushed_at,
                starred_at = COALESCE(excluded.starred_at, star.starred_at), default_branch = excluded.default_branch
            """)
        for star in stars {
            try statement.execute(arguments: [
                user, star.id, star.fullName, star.description, star.language, star.stars, star.forks, star.openIssues,
                star.archived, star.homepage, star.license, StarPageQuery.joinTopics(star.topics),
                star.pushedAt?.timeIntervalSince1970, star.starredAt?.timeIntervalSince1970, star.defaultBranch,
            ])
        }
    }

    static func date(_ seconds: Double?) -> Date? { seconds.map(Date.init(timeIntervalSince1970:)) }
}
