import Persistence
import GRDB

/// The feature's own table in Facet's database, through its own migration
/// (run after Facet's, in the feature list's order). Identifiers are
/// permanent: append a `v2-…` migration to change the table later.
enum BookmarksSchema {
    static let v1 = Migration("v1-example-bookmarks") { db in
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
