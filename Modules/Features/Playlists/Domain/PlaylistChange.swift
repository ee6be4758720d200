import KernelDomain

/// One edit of a playlist as the undo journal remembers it: enough to put
/// the playlist back the way it was, and to say what undoing would do.
public struct PlaylistChange: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case remove, move, rename, delete
    }

    public var id: Int64
    public var playlist: Int64
    public var kind: Kind
    /// The playlist's name when the change was made (the old name of a rename).
    public var name: String
    /// Positions the change took songs from, ascending (remove, move).
    public var positions: [Int]

    public init(id: Int64, playlist: Int64, kind: Kind, name: String, positions: [Int] = []) {
        self.id = id
        self.playlist = playlist
        self.kind = kind
        self.name = name
        self.positions = positions
    }

}
