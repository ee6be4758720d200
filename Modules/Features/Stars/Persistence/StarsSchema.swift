import GRDB
import KernelDomain
import KernelPersistence
import StarsDomain

/// The starred-repositories cache: one self-contained migration.
///
/// - `star`: one row per user and repository (`repo_id` is GitHub's id);
///   replaced wholesale by a full pass.
/// - `star_visited`: visited marks, a separate table keyed by user and
///   repository so that no refresh, full pass or unstar/restar loses them.
/// - `star_fts`: FTS5 index over name, description and topics, kept in step
///   by triggers (external content: the text is stored once).
/// - `star_sync`: per-user ETag, fetch times and the last rate-limit figures.
enum StarsSchema {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE star (
                id INTEGER PRIMARY KEY,
                user TEXT NOT NULL,
                repo_id INTEGER NOT NULL,
                full_name TEXT NOT NULL,
                description TEXT,
                language TEXT,
                stars INTEGER NOT NULL DEFAULT 0,
                forks INTEGER NOT NULL DEFAULT 0,
                open_issues INTEGER NOT NULL DEFAULT 0,
                archived INTEGER NOT NULL DEFAULT 0,
                homepage TEXT,
                license TEXT,
                topics TEXT NOT NULL DEFAULT '',
                pushed_at REAL,
                starred_at REAL,
                default_branch TEXT,
                UNIQUE (user, repo_id)
            );
            CREATE INDEX star_by_starred ON star (user, starred_at DESC);
            CREATE INDEX star_by_name ON star (user, full_name COLLATE NOCASE);
            CREATE TABLE star_visited (
                user TEXT NOT NULL,
                repo_id INTEGER NOT NULL,
                visited_at REAL NOT NULL,
                PRIMARY KEY (user, repo_id)
            ) WITHOUT ROWID;
            CREATE TABLE star_sync (
                user TEXT PRIMARY KEY NOT NULL,
                first_etag TEXT,
                fetched_at REAL,
                full_sync_at REAL,
                rate_limit INTEGER,
                rate_remaining INTEGER,
                rate_reset REAL
            ) WITHOUT ROWID;
            CREATE VIRTUAL TABLE star_fts USING fts5(
                full_name, description, topics, content='star', content_rowid='id', tokenize='unicode61'
            );
            CREATE TRIGGER star_fts_insert AFTER INSERT ON star BEGIN
                INSERT INTO star_fts (rowid, full_name, description, topics)
                VALUES (new.id, new.full_name, new.description, new.topics);
            END;
            CREATE TRIGGER star_fts_delete AFTER DELETE ON star BEGIN
                INSERT INTO star_fts (star_fts, rowid, full_name, description, topics)
                VALUES ('delete', old.id, old.full_name, old.description, old.topics);
            END;
            CREATE TRIGGER star_fts_update AFTER UPDATE ON star BEGIN
                INSERT INTO star_fts (star_fts, rowid, full_name, description, topics)
                VALUES ('delete', old.id, old.full_name, old.description, old.topics);
                INSERT INTO star_fts (rowid, full_name, description, topics)
                VALUES (new.id, new.full_name, new.description, new.topics);
            END;
            """)
    }

    /// The language filter lists a user's distinct languages on every open;
    /// without this index that read every row of the cache (370 of 760
    /// pages at 10,000 stars), with it 40 pages of index.
    static func addLanguageIndex(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX star_by_language ON star (user, language)")
    }
}
