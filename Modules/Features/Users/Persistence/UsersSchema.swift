import GRDB
import KernelDomain
import KernelPersistence

/// Tables for local users. A profile's name pair is unique ignoring case (an
/// index, so two racing sign-ins cannot create two); a session stores only
/// the SHA-256 of its token; settings hold one row per profile, with the
/// value rules repeated as CHECK constraints so nothing out of range can be
/// stored even by a buggy caller. The optional GitHub token is protected by
/// the database file's 0600 mode.
enum UsersSchema {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE profile (
                id INTEGER PRIMARY KEY,
                first_name TEXT NOT NULL CHECK (length(first_name) BETWEEN 1 AND 1000),
                last_name TEXT NOT NULL CHECK (length(last_name) BETWEEN 1 AND 1000),
                created_at REAL NOT NULL
            );
            CREATE UNIQUE INDEX profile_by_name ON profile (first_name COLLATE NOCASE, last_name COLLATE NOCASE);
            CREATE TABLE session (
                id INTEGER PRIMARY KEY,
                profile_id INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
                started_at REAL NOT NULL,
                ended_at REAL
            );
            CREATE INDEX session_open ON session (ended_at, id);
            CREATE TABLE settings (
                profile_id INTEGER PRIMARY KEY REFERENCES profile(id) ON DELETE CASCADE,
                github_user TEXT NOT NULL DEFAULT '' CHECK (length(github_user) <= 39),
                github_token TEXT,
                ui TEXT CHECK (ui IN ('cli', 'tui', 'jsonl')),
                page_size INTEGER NOT NULL DEFAULT 50 CHECK (page_size BETWEEN 10 AND 500),
                github_base_url TEXT NOT NULL DEFAULT 'https://api.github.com'
                    CHECK (github_base_url LIKE 'http://%' OR github_base_url LIKE 'https://%'),
                photos_base_url TEXT NOT NULL DEFAULT 'https://jsonplaceholder.typicode.com'
                    CHECK (photos_base_url LIKE 'http://%' OR photos_base_url LIKE 'https://%')
            ) WITHOUT ROWID;
            """)
    }
}

extension UsersSchema {
    /// Rebuilds `settings` with a `ui` column that takes any well-formed
    /// front-end name (SQLite cannot change a CHECK in place). Rows are kept.
    static func openFrontEndNames(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE settings_v3 (
                profile_id INTEGER PRIMARY KEY REFERENCES profile(id) ON DELETE CASCADE,
                github_user TEXT NOT NULL DEFAULT '' CHECK (length(github_user) <= 39),
                github_token TEXT,
                ui TEXT CHECK (length(ui) BETWEEN 1 AND 32 AND ui NOT GLOB '*[^a-z0-9-]*'),
                page_size INTEGER NOT NULL DEFAULT 50 CHECK (page_size BETWEEN 10 AND 500),
                github_base_url TEXT NOT NULL DEFAULT 'https://api.github.com'
                    CHECK (github_base_url LIKE 'http://%' OR github_base_url LIKE 'https://%'),
                photos_base_url TEXT NOT NULL DEFAULT 'https://jsonplaceholder.typicode.com'
                    CHECK (photos_base_url LIKE 'http://%' OR photos_base_url LIKE 'https://%')
            ) WITHOUT ROWID;
            INSERT INTO settings_v3 (profile_id, github_user, github_token, ui, page_size, github_base_url, photos_base_url)
                SELECT profile_id, github_user, github_token, ui, page_size, github_base_url, photos_base_url FROM settings;
            DROP TABLE settings;
            ALTER TABLE settings_v3 RENAME TO settings;
            """)
    }

    /// The web host repository pages open on (`github-web-url`; GitHub
    /// Enterprise users point it at their own). https only.
    static func addGitHubWebURL(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE settings ADD COLUMN github_web_url TEXT NOT NULL DEFAULT 'https://github.com'
                CHECK (github_web_url LIKE 'https://%');
            """)
    }

    /// Where MPD is (`mpd-host`, `mpd-port`): empty and null mean the
    /// environment's MPD_HOST and MPD_PORT, else localhost:6600.
    static func addMPDAddress(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE settings ADD COLUMN mpd_host TEXT NOT NULL DEFAULT '' CHECK (length(mpd_host) <= 255);
            ALTER TABLE settings ADD COLUMN mpd_port INTEGER CHECK (mpd_port BETWEEN 1 AND 65535);
            """)
    }

    /// Whether pictures are shown (`pictures`, on by default) and the
    /// picture cache's bound in MiB (`picture-cache-mib`, 256 by default).
    static func addPictures(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1));
            ALTER TABLE settings ADD COLUMN picture_cache_mib INTEGER NOT NULL DEFAULT 256
                CHECK (picture_cache_mib BETWEEN 1 AND 65536);
            """)
    }
}
