import GRDB
import KernelPersistence

/// The feature's own table in Facet's database, through its own migrations
/// (run after Facet's, in the feature list's order). An identifier, once
/// shipped, is permanent (existing databases recorded it): change the table
/// with a `v2-…` migration appended here and to `Migrations.bookmarks`.
extension Migration {
    public static let bookmarksV1 = Migration("v1-example-bookmarks") { db in
        try db.execute(sql: """
            CREATE TABLE example_bookmark (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL,
                added_at REAL NOT NULL
            );
            """)
    }
}

extension Migrations {
    /// The bookmarks feature's migrations, in the order a fresh database runs them.
    public static let bookmarks: [Migration] = [.bookmarksV1]
}
