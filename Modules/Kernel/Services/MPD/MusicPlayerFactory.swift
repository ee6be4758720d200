import KernelDomain

/// Builds the `MusicPlayer` a screen talks to, from where the user said MPD
/// is: the settings `mpd-host`/`mpd-port` when set, else `MPD_HOST`/`MPD_PORT`
/// (as mpc reads them), else `localhost:6600`. One per screen, so each live screen holds its own
/// `idle` connection.
public enum MusicPlayerFactory {
    public static func make(
        environment: [String: String], host: String? = nil, port: String? = nil, musicDirectory: String? = nil
    ) -> any MusicPlayer {
        let host = nonEmpty(host) ?? nonEmpty(environment["MPD_HOST"])
        let port = nonEmpty(port) ?? nonEmpty(environment["MPD_PORT"])
        let folder = nonEmpty(environment["MPD_MUSIC_DIRECTORY"]) ?? nonEmpty(musicDirectory)
        do {
            return MPDClient(try MusicPlayerAddress.resolve(host: host, port: port), musicDirectory: folder)
        } catch {
            return UnusablePlayer(error: error, address: host ?? MusicPlayerAddress.defaultHost)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}

/// A player whose address could not be read: every call says why.
struct UnusablePlayer: MusicPlayer {
    let error: MusicPlayerError
    let address: String

    func status() async throws -> PlayerState { throw error }
    func queue(offset: Int, limit: Int) async throws -> (songs: [QueuedSong], total: Int) { throw error }
    func play(position: Int?) async throws { throw error }
    func pause(_ paused: Bool) async throws { throw error }
    func stop() async throws { throw error }
    func next() async throws { throw error }
    func previous() async throws { throw error }
    func seek(to seconds: Double) async throws { throw error }
    func setVolume(_ volume: Int) async throws { throw error }
    func clear() async throws { throw error }
    func enqueue(_ songs: [SongReference], replacing: Bool) async throws -> EnqueueReport { throw error }
    func storedPlaylists() async throws -> [String] { throw error }
    func storedPlaylist(_ name: String) async throws -> [QueuedSong] { throw error }
    func saveStoredPlaylist(_ name: String, _ songs: [SongReference]) async throws -> EnqueueReport { throw error }
    func waitForChange() async throws -> [String] { throw error }
}
