/// A song as the seed defines it: title, artist name, album cover.
public struct Song: Equatable, Hashable, Sendable {
    public var title: String
    public var artist: String
    /// A URL or path of the album cover; may be empty.
    public var cover: String

    public init(title: String, artist: String, cover: String = "") {
        self.title = title
        self.artist = artist
        self.cover = cover
    }
}

/// A song at its place in a playlist. `position` is 1-based and contiguous.
public struct PlaylistEntry: Equatable, Sendable {
    public var position: Int
    public var song: Song

    public init(position: Int, song: Song) {
        self.position = position
        self.song = song
    }
}
