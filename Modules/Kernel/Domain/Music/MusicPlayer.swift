/// The music engine Facet drives (an MPD server): the port through which the
/// player screen and the playlists' `play`/`enqueue` reach it, so neither
/// view model touches a socket and neither feature imports the other.
public protocol MusicPlayer: Sendable {
    /// Where the engine is, as errors and notices name it (`localhost:6600`).
    var address: String { get }
    func status() async throws -> PlayerState
    /// Queue entries `offset..<offset+limit` (0-based), and the queue's length.
    func queue(offset: Int, limit: Int) async throws -> (songs: [QueuedSong], total: Int)
    /// Plays the queue entry at `position` (1-based); nil resumes or starts.
    func play(position: Int?) async throws
    /// Pauses, or resumes when `paused` is false.
    func pause(_ paused: Bool) async throws
    func stop() async throws
    func next() async throws
    func previous() async throws
    /// Seeks within the current song to `seconds` from its start.
    func seek(to seconds: Double) async throws
    /// 0…100.
    func setVolume(_ volume: Int) async throws
    func clear() async throws
    /// Adds `songs` to the queue in command lists (one round trip for
    /// thousands), the queue cleared first when `replacing`; a song the
    /// engine refuses is reported, never fatal to the others.
    func enqueue(_ songs: [SongReference], replacing: Bool) async throws -> EnqueueReport
    /// The engine's stored playlists by name.
    func storedPlaylists() async throws -> [String]
    func storedPlaylist(_ name: String) async throws -> [QueuedSong]
    /// Writes `songs` as the stored playlist `name`, replacing one of that name.
    func saveStoredPlaylist(_ name: String, _ songs: [SongReference]) async throws -> EnqueueReport
    /// Waits until the engine reports a change (MPD's `idle`) on a connection
    /// of its own: the subsystems that changed (`player`, `mixer`, …).
    func waitForChange() async throws -> [String]
}

/// A song to hand to the engine: its location as Facet stores it (a path or
/// a URL) and the name a report uses for it.
public struct SongReference: Equatable, Sendable {
    public var location: String?
    public var name: String

    public init(location: String?, name: String) {
        self.location = location
        self.name = name
    }
}

/// What an enqueue did: how many songs went in, and those refused, by name
/// with the engine's reason.
public struct EnqueueReport: Equatable, Sendable {
    public var added: Int
    public var refused: [(name: String, reason: String)]

    public init(added: Int = 0, refused: [(name: String, reason: String)] = []) {
        self.added = added
        self.refused = refused
    }

    public static func == (lhs: EnqueueReport, rhs: EnqueueReport) -> Bool {
        lhs.added == rhs.added && lhs.refused.map(\.name) == rhs.refused.map(\.name)
            && lhs.refused.map(\.reason) == rhs.refused.map(\.reason)
    }

    /// "3 songs refused: “A” (no such file), …": the first few, then how many more.
    public var refusedSummary: String? {
        guard !refused.isEmpty else { return nil }
        let shown = refused.prefix(3).map { "“\($0.name)” (\($0.reason))" }.joined(separator: ", ")
        let more = refused.count > 3 ? " and \(refused.count - 3) more" : ""
        return "\(refused.count) \(refused.count == 1 ? "song" : "songs") could not be queued: \(shown)\(more)."
    }
}
