import KernelDomain

/// Everything that can go wrong with playlists, in the user's words.
public enum PlaylistError: DomainError, Equatable {
    case invalidName(String, NameRules.Problem)
    case duplicateName(String)
    case notFound(String)
    case songNotFound(playlist: String, position: Int)
    case invalidPosition(Int, count: Int)
    /// The source could not be read (missing, unreadable, not a playlist).
    case unreadable(path: String, reason: String)
    /// The source was read but its content is wrong; `location` names the
    /// record or line, `field` the field.
    case parse(ParseFailure)
    case emptySource(path: String)
    case unknownFormat(path: String)
    /// An export file's extension names no format Facet writes.
    case unknownExportFormat(path: String)
    /// The journal holds no change (of this playlist) that can be undone.
    case nothingToUndo
    /// A one-step move past the first (`top`) or last song.
    case atEdge(position: Int, top: Bool)

    public var code: String {
        switch self {
        case .invalidName: "playlist.invalid_name"
        case .duplicateName: "playlist.duplicate_name"
        case .notFound: "playlist.not_found"
        case .songNotFound: "playlist.song_not_found"
        case .invalidPosition: "playlist.invalid_position"
        case .unreadable: "playlist.unreadable"
        case .parse: "playlist.parse_error"
        case .emptySource: "playlist.empty"
        case .unknownFormat: "playlist.unknown_format"
        case .unknownExportFormat: "playlist.unknown_export_format"
        case .nothingToUndo: "playlist.nothing_to_undo"
        case .atEdge: "playlist.at_edge"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .invalidName, .duplicateName, .invalidPosition, .unknownFormat, .unknownExportFormat, .atEdge: .invalidInput
        case .notFound, .songNotFound, .nothingToUndo: .notFound
        case .unreadable, .parse, .emptySource: .failure
        }
    }

    public var message: String {
        switch self {
        case .invalidName(let name, let problem): "Playlist name \"\(name)\" \(problem.message)."
        case .duplicateName(let name): "A playlist named \"\(name)\" already exists; choose another name."
        case .notFound(let name): "No playlist named \"\(name)\"."
        case .songNotFound(let playlist, let position): "Playlist \"\(playlist)\" has no song at position \(position)."
        case .invalidPosition(let position, let count):
            "Position \(position) is outside the playlist (1…\(count))."
        case .unreadable(let path, let reason): "Cannot read \(path): \(reason)."
        case .parse(let failure): failure.description
        case .emptySource(let path): "\(path) contains no songs."
        case .unknownFormat(let path):
            "Cannot tell the format of \(path): use a .json (seed format), .m3u/.m3u8 file, or a directory of audio files."
        case .nothingToUndo: "There is nothing to undo."
        case .atEdge(let position, let top):
            top ? "The song at position \(position) is already at the top; nothing was moved."
                : "The song at position \(position) is already at the bottom; nothing was moved."
        case .unknownExportFormat(let path):
            "Cannot export to \(path): the name must end in .m3u or .m3u8 (M3U8 playlist) or .json (seed format); nothing was written."
        }
    }
}

/// Where and why a playlist source failed to parse.
public struct ParseFailure: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// `record 3` or `line 12`.
    public var location: String?
    public var field: String?
    public var reason: String

    public init(file: String, location: String? = nil, field: String? = nil, reason: String) {
        self.file = file
        self.location = location
        self.field = field
        self.reason = reason
    }

    public var description: String {
        var where_ = file
        if let location { where_ += ", \(location)" }
        if let field { where_ += ", field \"\(field)\"" }
        return "Cannot import \(where_): \(reason)."
    }
}
