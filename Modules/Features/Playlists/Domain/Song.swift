import KernelDomain

/// A song as the seed defines it (title, artist name, album cover), plus its
/// length and where its audio is when the source gives them (an M3U
/// `#EXTINF` and entry line, a file in a directory): nothing a source reads
/// is thrown away.
public struct Song: Equatable, Hashable, Sendable {
    public var title: String
    public var artist: String
    /// A URL or path of the album cover; may be empty.
    public var cover: String
    /// Length in whole seconds; nil when the source does not say (M3U's `-1`).
    public var duration: Int?
    /// Where the audio is: an absolute path or a URL; nil when the source
    /// does not say (the seed's JSON format).
    public var location: String?

    public init(title: String, artist: String, cover: String = "", duration: Int? = nil, location: String? = nil) {
        self.title = title
        self.artist = artist
        self.cover = cover
        self.duration = duration
        self.location = location
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
