import Foundation
import KernelDomain

/// A stored playlist without its songs (which are paged, never loaded whole).
public struct PlaylistSummary: Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var songCount: Int
    /// Where it was imported from (a path, or `embedded:` for the sample).
    public var source: String
    public var format: String
    public var importedAt: Date

    public init(id: Int64, name: String, songCount: Int, source: String, format: String, importedAt: Date) {
        self.id = id
        self.name = name
        self.songCount = songCount
        self.source = source
        self.format = format
        self.importedAt = importedAt
    }
}

/// Orders a playlist's songs for display.
public enum SongSort: String, CaseIterable, Sendable {
    case position, title, artist
}

/// One window of a playlist's songs under a filter and a sort.
public struct SongQuery: Equatable, Sendable {
    /// Case-insensitive substring of title or artist; taken literally (`%`,
    /// `_` and quotes are ordinary characters).
    public var filter: String
    public var sort: SongSort
    public var offset: Int
    public var limit: Int

    public init(filter: String = "", sort: SongSort = .position, offset: Int = 0, limit: Int = 50) {
        self.filter = filter
        self.sort = sort
        self.offset = offset
        self.limit = limit
    }
}

public struct SongPage: Equatable, Sendable {
    public var entries: [PlaylistEntry]
    /// Songs matching the query's filter, in the whole playlist.
    public var total: Int
    public var offset: Int

    public init(entries: [PlaylistEntry], total: Int, offset: Int) {
        self.entries = entries
        self.total = total
        self.offset = offset
    }
}
