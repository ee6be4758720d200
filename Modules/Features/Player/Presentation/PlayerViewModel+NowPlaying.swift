import KernelDomain
import KernelPresentation
import ScreenKit

/// What the player shows between two reads of MPD: the elapsed time moves
/// on by itself while a song plays, and the one-line summary that faces
/// with tabs draw on every tab as the now-playing bar.
extension PlayerViewModel {
    /// The state as last read, its elapsed time moved on by the time since
    /// the read while playing (never past the song's end). MPD tells
    /// `elapsed` only when asked; asking once a second would be polling,
    /// and the clock already knows how far a playing song has got.
    var shownState: PlayerState? {
        guard var shown = state else { return nil }
        if shown.playback == .playing, let elapsed = shown.elapsed, let readAt = stateReadAt {
            let since = clock.now - readAt
            let moved = elapsed + Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18
            shown.elapsed = shown.duration.map { min(moved, $0) } ?? moved
        }
        return shown
    }

    /// "playing · Title — Artist · 1:23 / 4:56 · vol 80", or nil when there
    /// is nothing to say (stopped, nothing queued, MPD not reachable), so a
    /// bar takes no room and an absent MPD is quiet there.
    var summary: String? {
        guard status.kind != .error, let state = shownState, state.playback != .stopped, let song = state.song else {
            return nil
        }
        var parts = [state.playback.rawValue, song.displayTitle + (song.artist.map { " — " + $0 } ?? "")]
        if let elapsed = state.elapsed {
            parts.append(Formatters.duration(Int(elapsed)) + (state.duration.map { " / " + Formatters.duration(Int($0)) } ?? ""))
        }
        if let volume = state.volume { parts.append("vol \(volume)") }
        return parts.joined(separator: " · ")
    }

    /// How long until the shown elapsed time reaches its next whole second;
    /// nil when it no longer moves (the song's end reached).
    var untilNextSecond: Duration? {
        guard let elapsed = shownState?.elapsed else { return nil }
        if let duration = state?.duration, elapsed >= duration { return nil }
        return .seconds(max((elapsed + 1).rounded(.down) - elapsed, 0.01))
    }

    /// Keeps a ticker running while MPD plays: it publishes each time the
    /// shown elapsed time reaches its next whole second (what faces draw),
    /// and stops when playback stops or pauses; the next read starts it
    /// again from MPD's own figure.
    func tick() {
        ticker?.cancel()
        ticker = nil
        guard state?.playback == .playing, state?.elapsed != nil else { return }
        ticker = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard let wait = self?.untilNextSecond else { return }
                try? await Task.sleep(for: wait)
                if Task.isCancelled { return }
                self?.publish()
            }
        }
    }
}
