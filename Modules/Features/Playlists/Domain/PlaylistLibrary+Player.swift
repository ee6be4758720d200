import Foundation
import KernelDomain

/// A playlist handed to the music engine (`MusicPlayer`, an MPD server):
/// played in place of its queue, appended to it, or saved as one of its
/// stored playlists; and a stored playlist brought into Facet.
extension PlaylistLibrary {
    /// Every song of the playlist as the engine gets it (its location and
    /// the name a report uses), read from one consistent state.
    public func songReferences(of playlist: PlaylistSummary) async throws -> [SongReference] {
        try await store.songReferences(of: playlist.id)
    }

    /// Replaces the engine's queue with the playlist (or appends to it when
    /// not `replacing`), all songs in one command list; when replacing,
    /// playback starts at `position` (1-based). A song the engine refuses is
    /// in the report, not an error.
    public func send(
        _ playlist: PlaylistSummary, to player: any MusicPlayer, replacing: Bool, startAt position: Int?
    ) async throws -> EnqueueReport {
        if let position, !(1...max(1, playlist.songCount)).contains(position) || playlist.songCount == 0 {
            throw PlaylistError.songNotFound(playlist: playlist.name, position: position)
        }
        let report = try await player.enqueue(try await songReferences(of: playlist), replacing: replacing)
        if replacing, report.added > 0 {
            // Refused songs are not in the queue: the song at `position` is
            // as many places earlier as refused songs came before it.
            try await player.play(position: min(report.added, max(1, position ?? 1)))
        }
        return report
    }

    /// Stores the engine's stored playlist `name` as a Facet playlist of the
    /// same name (or `as` another), in one transaction.
    public func importStored(_ name: String, from player: any MusicPlayer, as newName: String? = nil) async throws -> PlaylistSummary {
        let chosen = (newName ?? name).trimmingWhiteSpace
        try Self.validate(name: chosen)
        if try await store.playlist(named: chosen) != nil { throw PlaylistError.duplicateName(chosen) }
        let entries = try await player.storedPlaylist(name)
        let songs = entries.map { entry in
            Song(
                title: entry.displayTitle, artist: entry.artist ?? "", duration: entry.duration.map { Int($0) },
                location: entry.file)
        }
        return try await store.create(name: chosen, source: "mpd:" + name, format: "mpd", songs: songs)
    }
}
