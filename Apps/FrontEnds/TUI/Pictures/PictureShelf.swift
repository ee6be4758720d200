import ScreenKit

/// The pictures the TUI has asked screens for, by what they show (a
/// screen, and a row of it): loading, the picture's bytes, or why there is
/// none; and each as drawn at the last box size, so a frame redraws from
/// memory and a resize draws again from the kept bytes.
struct PictureShelf {
    enum State {
        case loading
        case loaded(PictureContent)
        case failed(String)
    }

    var states: [String: State] = [:]
    var drawn: [String: (columns: Int, rows: Int, art: Result<SymbolArt, SymbolArt.Failure>)] = [:]

    /// Keeps the shelf small: pictures are re-asked for (from the cache) once forgotten.
    mutating func forgetAllBut(_ keys: Set<String>) {
        guard states.count > 64 else { return }
        states = states.filter { keys.contains($0.key) }
        drawn = drawn.filter { keys.contains($0.key) }
    }
}
