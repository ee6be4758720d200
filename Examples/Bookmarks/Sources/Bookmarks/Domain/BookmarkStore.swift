import Foundation

/// Where bookmarks are kept (the port): SQLite in the app, memory in tests.
public protocol BookmarkStore: Sendable {
    /// Every bookmark, most recently added first.
    func bookmarks() async throws -> [Bookmark]
    /// Stores a bookmark; `BookmarkError.duplicate` if the URL is saved already.
    func add(url: String, title: String, at date: Date) async throws -> Bookmark
    /// `BookmarkError.notFound` if there is no bookmark with that id.
    func remove(id: Int64) async throws
}
