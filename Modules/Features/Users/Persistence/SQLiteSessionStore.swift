import Foundation
import GRDB
import KernelDomain
import KernelPersistence

/// `SessionStore` and `ProfileStore` on the Facet database.
///
/// One installation has at most one open session (the signed-in user); it
/// survives restarts because it is a row, and every Facet process sharing
/// the database sees the same signed-in user.
public struct SQLiteSessionStore: SessionStore, ProfileStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    static let byName = "SELECT * FROM profile WHERE facet_fold(first_name) = ? AND facet_fold(last_name) = ?"
    static func key(_ name: PersonName) -> StatementArguments { [CaseFolding.fold(name.first), CaseFolding.fold(name.last)] }

    public func startSession(for name: PersonName, tokenHash: String, at date: Date) async throws -> SessionStart {
        let time = date.timeIntervalSince1970
        return try await database.write { db in
            // GRDB opens write transactions IMMEDIATE, so this whole block
            // holds the write lock: a racing process waits (busy timeout),
            // then finds the profile this one made. The unique index is the
            // second line of defence; DO NOTHING makes a clash harmless.
            // Names match ignoring case as `CaseFolding` does; the unique
            // index's NOCASE folds ASCII letters only.
            var created = false
            if try Row.fetchOne(db, sql: Self.byName, arguments: Self.key(name)) == nil {
                try db.execute(
                    sql: """
                        INSERT INTO profile (first_name, last_name, created_at) VALUES (?, ?, ?)
                        ON CONFLICT DO NOTHING
                        """,
                    arguments: [name.first, name.last, time])
                created = db.changesCount == 1
            }
            guard let row = try Row.fetchOne(db, sql: Self.byName, arguments: Self.key(name)) else {
                throw StorageError(.other, "the profile vanished while signing in")
            }
            let profile = Self.profile(row)
            if created {
                let defaults = UserSettings.defaults
                try db.execute(
                    sql: """
                        INSERT INTO settings (profile_id, github_user, github_token, ui, page_size, github_base_url, photos_base_url)
                        VALUES (?, ?, NULL, NULL, ?, ?, ?)
                        """,
                    arguments: [
                        profile.id, defaults.githubUser, defaults.pageSize, defaults.githubBaseURL,
                        defaults.photosBaseURL,
                    ])
            }
            try db.execute(sql: "UPDATE session SET ended_at = ? WHERE ended_at IS NULL", arguments: [time])
            try db.execute(
                sql: "INSERT INTO session (profile_id, token_hash, started_at) VALUES (?, ?, ?)",
                arguments: [profile.id, tokenHash, time])
            return SessionStart(profile: profile, createdProfile: created)
        }
    }

    public func currentProfile() async throws -> UserProfile? {
        try await database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT profile.* FROM session JOIN profile ON profile.id = session.profile_id
                WHERE session.ended_at IS NULL ORDER BY session.id DESC LIMIT 1
                """).map(Self.profile)
        }
    }

    public func endCurrentSession(at date: Date) async throws -> UserProfile? {
        try await database.write { db in
            let current = try Row.fetchOne(db, sql: """
                SELECT profile.* FROM session JOIN profile ON profile.id = session.profile_id
                WHERE session.ended_at IS NULL ORDER BY session.id DESC LIMIT 1
                """).map(Self.profile)
            try db.execute(
                sql: "UPDATE session SET ended_at = ? WHERE ended_at IS NULL", arguments: [date.timeIntervalSince1970])
            return current
        }
    }

    public func profile(forTokenHash hash: String) async throws -> UserProfile? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: """
                    SELECT profile.* FROM session JOIN profile ON profile.id = session.profile_id
                    WHERE session.token_hash = ? AND session.ended_at IS NULL
                    """, arguments: [hash]
            ).map(Self.profile)
        }
    }

    public func profiles() async throws -> [UserProfile] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM profile ORDER BY id").map(Self.profile)
        }
    }

    public func profile(named name: PersonName) async throws -> UserProfile? {
        try await database.read { db in
            try Row.fetchOne(db, sql: Self.byName, arguments: Self.key(name)).map(Self.profile)
        }
    }

    static func profile(_ row: Row) -> UserProfile {
        UserProfile(
            id: row["id"], firstName: row["first_name"], lastName: row["last_name"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
