import KernelDomain
import KernelServices
import PlaylistsDomain

/// A directory of audio files, its subfolders' included, is a playlist in
/// file-name order. Titles, artists and lengths come from the files' own
/// tags where they have them (`tags`); what a file's tags leave empty comes
/// from its name (`Artist - Title.mp3` gives both, a leading track number
/// is dropped: `SongFileName`). A file the reader cannot open is still a
/// song, named after its file; one the reader failed on (it crashed or ran
/// out of time) is reported as well.
public struct AudioDirectorySongParser: SongParser {
    public let format = "directory"
    public static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "wma", "aiff", "aif", "alac", "ape", "mka",
    ]

    public let tags: any AudioTagReader

    public init(tags: any AudioTagReader = NoAudioTags()) { self.tags = tags }

    public func accepts(_ material: PlaylistMaterial) -> Bool {
        if case .directory = material { return true }
        return false
    }

    public func parse(_ material: PlaylistMaterial) throws -> [Song] {
        try parseReporting(material).songs
    }

    /// The songs, and the files whose tags the reader failed on (their
    /// songs are named after the file).
    public func parseReporting(_ material: PlaylistMaterial) throws -> (songs: [Song], skipped: SkippedFolders) {
        guard case .directory(let name, let entries, _) = material else { return ([], SkippedFolders()) }
        let audio = entries.compactMap { entry -> (leaf: String, location: String)? in
            let leaf = entry.split(separator: "/").last.map(String.init) ?? entry
            guard let dot = leaf.lastIndex(of: "."), dot != leaf.startIndex else { return nil }
            let ext = leaf[leaf.index(after: dot)...].lowercased()
            guard Self.audioExtensions.contains(ext) else { return nil }
            return (leaf, FolderPath.join(name, entry))
        }
        guard !audio.isEmpty else {
            throw PlaylistError.parse(ParseFailure(
                file: name,
                reason: "the directory has no audio files (\(Self.audioExtensions.sorted().joined(separator: ", ")))"))
        }
        let readings = tags.read(audio.map(\.location))
        var skipped = SkippedFolders()
        let songs = zip(audio, readings).map { file, reading -> Song in
            switch reading {
            case .tags(let found): return song(named: file.leaf, at: file.location, tags: found)
            case .none: return song(named: file.leaf, at: file.location, tags: nil)
            case .failed:
                skipped.unreadableFiles.append(file.location)
                return song(named: file.leaf, at: file.location, tags: nil)
            }
        }
        return (songs, skipped)
    }

    /// Each of title and artist from the tags where they are not empty, else
    /// from the file name; the length only from the audio.
    func song(named leaf: String, at location: String, tags: AudioTags?) -> Song {
        // The location stays exact; a name that is not UTF-8 reads as Latin-1.
        let (nameArtist, nameTitle) = SongFileName.artistAndTitle(ofPath: FileSystemName.readable(leaf))
        guard let tags else { return Song(title: nameTitle, artist: nameArtist, location: location) }
        return Song(
            title: tags.title.isEmpty ? nameTitle : tags.title,
            artist: tags.artist.isEmpty ? nameArtist : tags.artist,
            duration: tags.duration, location: location)
    }
}
