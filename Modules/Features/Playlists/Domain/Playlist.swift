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
    case position, title, artist, duration

    /// The way a person expects the column at first: positions and names
    /// from the start, lengths longest first.
    public var naturallyDescending: Bool { self == .duration }
}

/// Orders the list of playlists.
public enum PlaylistSort: String, CaseIterable, Sendable {
    case name, songs, imported, source, format

    /// Names A→Z; counts and import times largest and newest first.
    public var naturallyDescending: Bool { self == .songs || self == .imported }
}

/// Which playlists to list, in which order. Small enough to read whole.
public struct PlaylistListQuery: Equatable, Sendable {
    /// Case-insensitive substring of the name, source or format; literal.
    public var filter: String
    public var sort: PlaylistSort
    public var descending: Bool

    public init(filter: String = "", sort: PlaylistSort = .name, descending: Bool? = nil) {
        self.filter = filter
        self.sort = sort
        self.descending = descending ?? sort.naturallyDescending
    }
}

/// One window of a playlist's songs under a filter and a sort.
public struct SongQuery: Equatable, Sendable {
    /// Case-insensitive substring of title or artist; taken literally (`%`,
    /// `_` and quotes are ordinary characters).
    public var filter: String
    public var sort: SongSort
    /// Largest (or Z, or last position) first.
    public var descending: Bool
    public var offset: Int
    public var limit: Int

    public init(
        filter: String = "", sort: SongSort = .position, descending: Bool? = nil, offset: Int = 0, limit: Int = 50
    ) {
        self.filter = filter
        self.sort = sort
        self.descending = descending ?? sort.naturallyDescending
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
