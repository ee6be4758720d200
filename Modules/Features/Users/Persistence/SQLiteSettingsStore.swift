import Foundation
import GRDB
import KernelDomain
import KernelPersistence

/// `SettingsStore` on the Facet database: one row per profile. The GitHub
/// token column is read only by `githubToken(for:)`; `settings(for:)` asks
/// SQLite whether it is set, so the secret never enters a `UserSettings`.
public struct SQLiteSettingsStore: SettingsStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func settings(for profile: Int64) async throws -> UserSettings {
        try await database.read { db in try Self.read(profile, db) }
    }

    /// Every change of this table goes through `writeSecret`: any rewrite of
    /// a row (even of another column) frees a copy of the token it holds.
    public func apply(_ changes: [SettingsChange], for profile: Int64) async throws -> UserSettings {
        try await database.writeSecret { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM profile WHERE id = ?", arguments: [profile]) != nil else {
                throw SettingsError.notSignedIn
            }
            try db.execute(sql: "INSERT OR IGNORE INTO settings (profile_id) VALUES (?)", arguments: [profile])
            for change in changes {
                let (column, value) = Self.column(change)
                try db.execute(
                    sql: "UPDATE settings SET \(column) = ? WHERE profile_id = ?", arguments: [value, profile])
            }
            return try Self.read(profile, db)
        }
    }

    public func githubToken(for profile: Int64) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT github_token FROM settings WHERE profile_id = ?", arguments: [profile])
        }
    }

    static func read(_ profile: Int64, _ db: Database) throws -> UserSettings {
        guard let row = try Row.fetchOne(
            db, sql: """
                SELECT github_user, github_token IS NOT NULL AS has_token, ui, page_size, github_base_url, photos_base_url,
                       github_web_url, mpd_host, mpd_port, pictures, picture_cache_mib
                FROM settings WHERE profile_id = ?
                """, arguments: [profile])
        else { return .defaults }
        return UserSettings(
            githubUser: row["github_user"], hasGitHubToken: row["has_token"],
            preferredUI: (row["ui"] as String?).flatMap(FrontEndChoice.init(rawValue:)),
            pageSize: row["page_size"], githubBaseURL: row["github_base_url"], photosBaseURL: row["photos_base_url"],
            githubWebURL: row["github_web_url"], mpdHost: row["mpd_host"], mpdPort: row["mpd_port"],
            pictures: row["pictures"], pictureCacheMiB: row["picture_cache_mib"])
    }

    /// The column and value of one change. Column names come from this
    /// switch only, never from input.
    static func column(_ change: SettingsChange) -> (String, (any DatabaseValueConvertible)?) {
        switch change {
        case .githubUser(let user): ("github_user", user)
        case .githubToken(let token): ("github_token", token)
        case .preferredUI(let choice): ("ui", choice?.rawValue)
        case .pageSize(let size): ("page_size", size)
        case .githubBaseURL(let url): ("github_base_url", url)
        case .photosBaseURL(let url): ("photos_base_url", url)
        case .githubWebURL(let url): ("github_web_url", url)
        case .mpdHost(let host): ("mpd_host", host)
        case .mpdPort(let port): ("mpd_port", port)
        case .pictures(let shown): ("pictures", shown)
        case .pictureCacheMiB(let size): ("picture_cache_mib", size)
        }
    }
}
