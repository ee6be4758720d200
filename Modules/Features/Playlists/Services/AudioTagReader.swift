/// What an audio file's own tags say about its song. Empty text means the
/// tag is absent; nil duration means the length could not be read.
public struct AudioTags: Equatable, Sendable {
    public var title: String
    public var artist: String
    /// Length in whole seconds, from the audio itself (not a tag).
    public var duration: Int?

    /// Characters kept of a tag's text: a title is a line, and a tag of any
    /// size (a file can hold megabytes in one) must not become a stored row
    /// of that size.
    public static let textLimit = 1_000

    public init(title: String = "", artist: String = "", duration: Int? = nil) {
        self.title = title
        self.artist = artist
        self.duration = duration
    }
}

/// What reading one file's tags came to.
public enum AudioTagReading: Equatable, Sendable {
    /// The file's tags (empty where it has none).
    case tags(AudioTags)
    /// Not audio the reader knows, or no tags: the song is named after its file.
    case none
    /// The reader failed on the file (it crashed or did not finish in time):
    /// the song is named after its file, and the file is reported.
    case failed
}

/// Reads an audio file's tags. A file that cannot be read or is not audio
/// gives nil: the song is then named after its file, never dropped.
public protocol AudioTagReader: Sendable {
    func tags(ofFile path: String) -> AudioTags?

    /// Every file's reading, in the order of `paths` (one import's files,
    /// so a reader that needs set-up pays for it once).
    func read(_ paths: [String]) -> [AudioTagReading]
}

extension AudioTagReader {
    public func read(_ paths: [String]) -> [AudioTagReading] {
        paths.map { tags(ofFile: $0).map(AudioTagReading.tags) ?? .none }
    }
}

/// For sources with no tag library: every song is named after its file.
public struct NoAudioTags: AudioTagReader {
    public init() {}
    public func tags(ofFile path: String) -> AudioTags? { nil }
}

extension AudioTags {
    /// `text` cut to `textLimit` characters and trimmed.
    static func capped(_ text: String) -> String {
        String(text.prefix(textLimit)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
