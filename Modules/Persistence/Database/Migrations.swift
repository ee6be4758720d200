import GRDB

/// Versioned schema changes. Append new migrations; never edit a shipped one.
/// Each feature's tables live in its own migration so features can be read
/// (and later removed) independently.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-meta") { db in
            try db.execute(sql: """
                CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v1-playlists", migrate: PlaylistSchema.create)
        migrator.registerMigration("v2-users", migrate: UsersSchema.create)
        migrator.registerMigration("v3-photos", migrate: PhotosSchema.create)
        return migrator
    }
}
