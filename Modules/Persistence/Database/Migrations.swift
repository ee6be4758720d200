import GRDB

/// Versioned schema changes. Append new migrations; never edit a shipped one.
/// Each feature's tables live in their own migrations, named here and listed
/// by the feature that owns them (`PlaylistFeature.migrations`, …), so
/// features can be read (and later removed) independently.
///
/// To add one: define it below (`public static let …V3 = Migration("v3-…")`),
/// add it to `all`, and append it to its feature's `migrations`.
extension Migration {
    /// Installation-wide facts (`MetaStore`): every installation has it.
    public static let metaV1 = Migration("v1-meta") { db in
        try db.execute(sql: """
            CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            """)
    }

    public static let playlistsV1 = Migration("v1-playlists", body: PlaylistSchema.create)

    /// A song's length in seconds and where its audio is (M3U entries,
    /// directory files): read by the parsers and kept (contract 2).
    public static let playlistSongDetailsV3 = Migration("v3-song-details", body: PlaylistSchema.addSongDetails)

    public static let usersV2 = Migration("v2-users", body: UsersSchema.create)

    /// The `ui` setting took only `cli`, `tui` and `jsonl`; the front ends
    /// now come from the launcher's registry, so the column takes any
    /// well-formed name (the settings rules check it against the registry).
    public static let usersOpenFrontEndsV3 = Migration("v3-users-open-ui", body: UsersSchema.openFrontEndNames)

    /// The `github-web-url` setting: the host starred repositories open on.
    public static let usersGitHubWebURLV4 = Migration("v4-users-github-web-url", body: UsersSchema.addGitHubWebURL)

    /// The photo list cache (seed 003) with its fetch time.
    public static let photosV3 = Migration("v3-photos", body: PhotosSchema.create)

    /// The cached photo list's digest, so a refresh that fetched the same
    /// list again is recognised without comparing every row.
    public static let photosListDigestV6 = Migration("v6-photos-list-digest", body: PhotosSchema.addListDigest)

    /// Title order sorted on read: refreshes no longer keep a title index.
    public static let photosNoTitleIndexV7 = Migration("v7-photos-no-title-index", body: PhotosSchema.dropTitleIndex)

    /// The starred-repositories cache, its full-text index and visited marks.
    public static let starsV3 = Migration("v3-stars", body: StarsSchema.create)

    /// An index for the language filter's list of languages.
    public static let starsLanguageIndexV5 = Migration("v5-stars-language-index", body: StarsSchema.addLanguageIndex)
}

public enum Migrations {
    /// What every installation has, before any feature's migrations.
    public static let core: [Migration] = [.metaV1]

    /// Every migration this module defines, in the order a fresh database
    /// runs them (core first, then the features in their list's order). The
    /// stores' own tests open databases with it.
    public static let all: [Migration] = core + [.playlistsV1, .playlistSongDetailsV3, .usersV2, .usersOpenFrontEndsV3, .usersGitHubWebURLV4, .starsV3, .starsLanguageIndexV5, .photosV3, .photosListDigestV6, .photosNoTitleIndexV7]

    /// A migrator running `list` in order. Identifiers must be unique.
    static func migrator(_ list: [Migration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in list {
            migrator.registerMigration(migration.id, migrate: migration.body)
        }
        return migrator
    }

    /// The first identifier that appears twice in `list`, if any.
    ///
    /// Pairwise, not through a `Set`: every start-up asks, the list is a few
    /// dozen, and the first `Set<String>` of a process costs the runtime a
    /// scan of every protocol conformance in the binary.
    public static func duplicate(in list: [Migration]) -> String? {
        for index in list.indices where list[..<index].contains(where: { $0.id == list[index].id }) {
            return list[index].id
        }
        return nil
    }
}
