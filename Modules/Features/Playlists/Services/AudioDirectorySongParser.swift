import KernelDomain
import KernelServices
import PlaylistsDomain

/// A directory of audio files is a playlist in file-name order; titles come
/// from file names (`Artist - Title.mp3` gives both).
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
        guard case .directory(let name, let entries) = material else { return [] }
        let songs = entries.compactMap { entry -> Song? in
            guard let dot = entry.lastIndex(of: "."), dot != entry.startIndex else { return nil }
            let ext = entry[entry.index(after: dot)...].lowercased()
            guard Self.audioExtensions.contains(ext) else { return nil }
            let (artist, title) = M3USongParser.splitArtist(String(entry[..<dot]))
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
