/// What an audio file's own tags say about its song. Empty text means the
/// tag is absent; nil duration means the length could not be read.
public struct AudioTags: Equatable, Sendable {
    public var title: String
    public var artist: String
    /// Length in whole seconds, from the audio itself (not a tag).
    public var duration: Int?

    public init(title: String = "", artist: String = "", duration: Int? = nil) {
        self.title = title
        self.artist = artist
        self.duration = duration
    }
}

/// Reads an audio file's tags. A file that cannot be read or is not audio
/// gives nil: the song is then named after its file, never dropped.
public protocol AudioTagReader: Sendable {
    func tags(ofFile path: String) -> AudioTags?
}

/// For sources with no tag library: every song is named after its file.
public struct NoAudioTags: AudioTagReader {
    public init() {}
    public func tags(ofFile path: String) -> AudioTags? { nil }
}
