import ScreenKit

/// The pictures the TUI has asked screens for, by what they show (a
/// screen, and a row of it): loading, the picture's bytes, or why there is
/// none; and each as drawn at the last box size, so a frame redraws from
/// memory and a resize draws again from the kept bytes.
///
/// A refusal that says something about the picture (hostile, missing) is
/// kept; one that says something about the moment (the connection to a
/// server lost, the network down: a `failed` kind) is asked again once its
/// screen is live again, so a reconnect never leaves a stale placeholder.
struct PictureShelf {
    enum State {
        case loading
        case loaded(PictureContent)
        /// `transientAt`: for a failure of the moment, the screen's change
        /// version when it failed; nil for one that stands.
        case failed(String, transientAt: Int?)
    }

    var states: [String: State] = [:]
    var drawn: [String: Drawn] = [:]
    /// Pictures being made in pixels off the main actor, by key and size.
    var encoding: Set<String> = []

    /// A picture as drawn for one box size: in symbols, in the terminal's
    /// pixels, or both (an overlay turns pixels into symbols and back).
    struct Drawn {
        var columns: Int
        var rows: Int
        var symbols: Result<SymbolArt, SymbolArt.Failure>?
        var pixels: Result<PixelArt, SymbolArt.Failure>?
    }

    /// What is kept of `key` at this box size (nothing when it was drawn at another).
    func drawn(_ key: String, columns: Int, rows: Int) -> Drawn {
        guard let kept = drawn[key], kept.columns == columns, kept.rows == rows else { return Drawn(columns: columns, rows: rows) }
        return kept
    }

    /// Forgets the failure of `key` if it was of the moment and its screen
    /// is live again since (it changed, and shows no error and no loading),
    /// so the picture is asked for again. A failure that changes nothing on
    /// the screen is asked again only after the screen's next change.
    mutating func retryIfLiveAgain(_ key: String, screenVersion: Int, status: ScreenStatus) {
        guard case .failed(_, let failedAt?)? = states[key], failedAt != screenVersion,
              status.kind != .error, status.kind != .loading
        else { return }
        states[key] = nil
        drawn[key] = nil
    }

    /// Keeps the shelf small: pictures are re-asked for (from the cache) once forgotten.
    mutating func forgetAllBut(_ keys: Set<String>) {
        guard states.count > 64 else { return }
        states = states.filter { keys.contains($0.key) }
        drawn = drawn.filter { keys.contains($0.key) }
    }
}
