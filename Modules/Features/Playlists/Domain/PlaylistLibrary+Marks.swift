import KernelDomain

/// Edits of several marked songs at once, one-step moves, and undo.
extension PlaylistLibrary {
    /// Removes the songs at `positions` (any order, repeats ignored) in one transaction.
    public func removeSongs(from playlist: PlaylistSummary, at positions: [Int]) async throws {
        let marked = try Self.marked(positions, count: playlist.songCount)
        try await store.removeSongs(in: playlist.id, at: marked)
    }

    /// Moves the songs at `positions` together so the first lands at `to`,
    /// keeping their relative order; the others close up around them.
    public func moveSongs(in playlist: PlaylistSummary, from positions: [Int], to: Int) async throws {
        let marked = try Self.marked(positions, count: playlist.songCount)
        // The moved block must fit: it ends at to + count - 1.
        try Self.check(to, count: playlist.songCount - marked.count + 1)
        try await store.reorder(in: playlist.id, pick: marked, place: Array(to..<(to + marked.count)))
    }

    /// Moves each song at `positions` one step up (`by: -1`) or down (`by: 1`);
    /// refused, with nothing moved, when one is already at that end.
    public func stepSongs(in playlist: PlaylistSummary, at positions: [Int], by step: Int) async throws {
        let marked = try Self.marked(positions, count: playlist.songCount)
        if step < 0, let first = marked.first, first == 1 { throw PlaylistError.atEdge(position: first, top: true) }
        if step > 0, let last = marked.last, last == playlist.songCount {
            throw PlaylistError.atEdge(position: last, top: false)
        }
        try await store.reorder(in: playlist.id, pick: marked, place: marked.map { $0 + step })
    }

    /// The change `undo` would revert: of `playlist`, or of any when nil.
    public func lastChange(of playlist: PlaylistSummary?) async throws -> PlaylistChange? {
        try await store.lastChange(of: playlist?.id)
    }

    /// Reverts the latest change (of `playlist`, or of any when nil).
    public func undo(_ playlist: PlaylistSummary?) async throws -> (change: PlaylistChange, playlist: PlaylistSummary) {
        try await store.undoLast(of: playlist?.id)
    }

    /// Positions ascending without repeats, each inside the playlist.
    static func marked(_ positions: [Int], count: Int) throws -> [Int] {
        let sorted = Array(Set(positions)).sorted()
        guard !sorted.isEmpty else { throw PlaylistError.invalidPosition(0, count: count) }
        for position in sorted { try check(position, count: count) }
        return sorted
    }
}
