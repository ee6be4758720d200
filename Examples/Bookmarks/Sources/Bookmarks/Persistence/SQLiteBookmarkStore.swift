import BookmarksDomain
import Foundation
import GRDB
import KernelPersistence

/// `BookmarkStore` on the Facet database (shared with every other feature).
public struct SQLiteBookmarkStore: BookmarkStore {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func bookmarks() async throws -> [Bookmark] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM example_bookmark ORDER BY added_at DESC, id DESC").map { row in
                Bookmark(id: row["id"], url: row["url"], title: row["title"], addedAt: Date(timeIntervalSince1970: row["added_at"]))
            }
        }
    }

    public func add(url: String, title: String, at date: Date) async throws -> Bookmark {
        try await database.write { db in
            do {
                try db.execute(
                    sql: "INSERT INTO example_bookmark (url, title, added_at) VALUES (?, ?, ?)",
                    arguments: [url, title, date.timeIntervalSince1970])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw BookmarkError.duplicate(url)
            }
            return Bookmark(id: db.lastInsertedRowID, url: url, title: title, addedAt: date)
        }
    }

    public func remove(id: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM example_bookmark WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw BookmarkError.notFound(id) }
        }
    }
}
