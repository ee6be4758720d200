import KernelDomain
import KernelServices
import PlaylistsDomain

/// A directory of audio files, its subfolders' included, is a playlist in
/// file-name order; titles come from file names (`Artist - Title.mp3` gives
/// both, a leading track number is dropped: `SongFileName`).
public struct AudioDirectorySongParser: SongParser {
    public let format = "directory"
    public static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "wma", "aiff", "aif", "alac", "ape", "mka",
    ]

    public init() {}

    public func accepts(_ material: PlaylistMaterial) -> Bool {
        if case .directory = material { return true }
        return false
    }

    public func parse(_ material: PlaylistMaterial) throws -> [Song] {
        guard case .directory(let name, let entries, _) = material else { return [] }
        let songs = entries.compactMap { entry -> Song? in
            let leaf = entry.split(separator: "/").last.map(String.init) ?? entry
            guard let dot = leaf.lastIndex(of: "."), dot != leaf.startIndex else { return nil }
            let ext = leaf[leaf.index(after: dot)...].lowercased()
            guard Self.audioExtensions.contains(ext) else { return nil }
            let (artist, title) = SongFileName.artistAndTitle(ofPath: leaf)
            return Song(title: title, artist: artist, cover: "", location: FolderPath.join(name, entry))
        }
        guard !songs.isEmpty else {
            throw PlaylistError.parse(ParseFailure(
                file: name,
                reason: "the directory has no audio files (\(Self.audioExtensions.sorted().joined(separator: ", ")))"))
        }
        return songs
    }
}
