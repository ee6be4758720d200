import KernelDomain

/// MPD's `key: value` answers read into Facet's values.
enum MPDAnswers {
    /// Songs of a `playlistinfo`, `currentsong` or `listplaylistinfo`
    /// answer: each starts at a `file:` line; positions from `Pos` when the
    /// answer gives them, else counted from `base`.
    static func songs(_ pairs: [(String, String)], base: Int) throws(MusicPlayerError) -> [QueuedSong] {
        var songs: [QueuedSong] = []
        for (key, value) in pairs {
            if key == "file" {
                songs.append(QueuedSong(position: base + songs.count + 1, file: value))
                continue
            }
            guard !songs.isEmpty else { continue }
            let index = songs.count - 1
            switch key {
            case "Title": songs[index].title = value
            case "Artist": songs[index].artist = songs[index].artist ?? value
            case "Album": songs[index].album = value
            case "duration": songs[index].duration = Double(value)
            case "Time": songs[index].duration = songs[index].duration ?? Double(value)
            case "Pos": if let pos = Int(value) { songs[index].position = pos + 1 }
            default: break
            }
        }
        return songs
    }

    static func state(_ status: [String: String], song: QueuedSong?) -> PlayerState {
        let playback: PlayerState.Playback = switch status["state"] {
        case "play": .playing
        case "pause": .paused
        default: .stopped
        }
        let volume = status["volume"].flatMap(Int.init).flatMap { $0 < 0 ? nil : $0 }
        return PlayerState(
            playback: playback, song: playback == .stopped && song == nil ? nil : song,
            elapsed: status["elapsed"].flatMap(Double.init), duration: status["duration"].flatMap(Double.init) ?? song?.duration,
            volume: volume, repeats: status["repeat"] == "1", random: status["random"] == "1",
            queueLength: Int(status["playlistlength"] ?? "") ?? 0, error: status["error"])
    }
}
