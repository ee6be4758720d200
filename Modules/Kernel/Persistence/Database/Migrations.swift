import GRDB

/// Versioned schema changes. Append new migrations; never edit a shipped one.
/// The kernel defines the tables every installation has; each feature
/// defines its own in its Persistence module (`PlaylistsMigrations.swift`, …)
/// and lists them in its `Feature.migrations`, so a feature's data is read,
/// and could be removed, with the feature.
extension Migration {
    /// Installation-wide facts (`MetaStore`): every installation has it.
    public static let metaV1 = Migration("v1-meta") { db in
        try db.execute(sql: """
            CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            """)
    }
}

public enum Migrations {
    /// What every installation has, before any feature's migrations.
    public static let core: [Migration] = [.metaV1]


    /// A migrator running `list` in order. Identifiers must be unique.
    static func migrator(_ list: [Migration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in list {
            migrator.registerMigration(migration.id, migrate: migration.body)
        }
        return migrator
    }

    /// The first identifier that appears twice in `list`, if any.
    public static func duplicate(in list: [Migration]) -> String? {
        var seen = Set<String>()
        return list.first { !seen.insert($0.id).inserted }?.id
    }
}
