/// The engine's state as one read of MPD's `status` and `currentsong`.
public struct PlayerState: Equatable, Sendable {
    public enum Playback: String, Sendable {
        case playing = "playing", paused = "paused", stopped = "stopped"
    }

    public var playback: Playback
    public var song: QueuedSong?
    /// Seconds into the current song.
    public var elapsed: Double?
    public var duration: Double?
    /// 0…100; nil when the engine has no mixer.
    public var volume: Int?
    public var repeats: Bool
    public var random: Bool
    public var queueLength: Int
    /// The engine's last error (a song it could not decode), if it has one.
    public var error: String?

    public init(
        playback: Playback = .stopped, song: QueuedSong? = nil, elapsed: Double? = nil, duration: Double? = nil,
        volume: Int? = nil, repeats: Bool = false, random: Bool = false, queueLength: Int = 0, error: String? = nil
    ) {
        self.playback = playback
        self.song = song
        self.elapsed = elapsed
        self.duration = duration
        self.volume = volume
        self.repeats = repeats
        self.random = random
        self.queueLength = queueLength
        self.error = error
    }
}

/// One song of the engine's queue or of a stored playlist.
public struct QueuedSong: Equatable, Sendable {
    /// 1-based place in the queue (or the stored playlist).
    public var position: Int
    /// The engine's URI: relative to its music folder, or a URL.
    public var file: String
    public var title: String?
    public var artist: String?
    public var album: String?
    public var duration: Double?

    public init(
        position: Int, file: String, title: String? = nil, artist: String? = nil, album: String? = nil,
        duration: Double? = nil
    ) {
        self.position = position
        self.file = file
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
    }

    /// The title, or the file's last path component without its extension.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        let last = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
