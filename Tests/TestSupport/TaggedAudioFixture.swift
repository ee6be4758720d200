import CTagLib
import Foundation

/// Audio files made by the tests themselves: a valid PCM WAV written here,
/// then tagged with TagLib's own C API (linked into the tests, while Facet
/// opens it at run time), so no encoder or sample file is needed.
public enum TaggedAudioFixture {
    /// One file of a fixture folder and the song Facet should make of it.
    public struct File: Sendable {
        public let name: String
        public let seconds: Int
        /// Tags to write; nil writes none.
        public let tags: (title: String, artist: String)?
        public let expectedTitle: String
        public let expectedArtist: String

        public init(name: String, seconds: Int, tags: (title: String, artist: String)?, expectedTitle: String, expectedArtist: String) {
            (self.name, self.seconds, self.tags, self.expectedTitle, self.expectedArtist) = (name, seconds, tags, expectedTitle, expectedArtist)
        }
    }

    /// A title with quotes, a comma, M3U's own markers, a tab and a terminal
    /// escape (which must never reach a terminal).
    public static let awkwardTitle = "Say \"hi\", #EXTINF:-1,\tnow \u{1B}[31mred\u{1B}[0m"

    /// The standard folder, in the order an import lists it: non-ASCII
    /// tags, awkward tags, a file with no tags whose name has a track
    /// number, and a tagged file whose name says something else.
    public static let standard: [File] = [
        File(name: "01 - Intro.wav", seconds: 2, tags: nil, expectedTitle: "Intro", expectedArtist: ""),
        File(
            name: "02 - Wrong Name.wav", seconds: 3, tags: ("Señor Ünïcødé 東京 ☃", "Björk Guðmundsdóttir"),
            expectedTitle: "Señor Ünïcødé 東京 ☃", expectedArtist: "Björk Guðmundsdóttir"),
        File(
            name: "03 - Also Wrong.wav", seconds: 4, tags: (awkwardTitle, "AC/DC"),
            expectedTitle: awkwardTitle, expectedArtist: "AC/DC"),
    ]

    /// Writes `files` into `folder` (made if missing); throws when TagLib
    /// could not save a file's tags.
    public static func write(_ files: [File], into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in files {
            let path = folder + "/" + file.name
            try wav(seconds: file.seconds).write(to: URL(fileURLWithPath: path))
            if let tags = file.tags { try tag(path, title: tags.title, artist: tags.artist) }
        }
    }

    /// A PCM WAV of silence: 8 kHz, mono, 8 bits, so a second is 8,000 bytes.
    public static func wav(seconds: Int) -> Data {
        let rate = 8_000
        let dataSize = rate * seconds
        var bytes: [UInt8] = []
        func text(_ s: String) { bytes += Array(s.utf8) }
        func u32(_ v: Int) { bytes += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func u16(_ v: Int) { bytes += withUnsafeBytes(of: UInt16(v).littleEndian, Array.init) }
        text("RIFF"); u32(36 + dataSize); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(1); u32(rate); u32(rate); u16(1); u16(8)
        text("data"); u32(dataSize)
        bytes += [UInt8](repeating: 0x80, count: dataSize)
        return Data(bytes)
    }

    public struct TagWriteFailed: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "TagLib could not tag \(path)" }
    }

    /// Sets the file's title and artist with TagLib and saves it.
    public static func tag(_ path: String, title: String, artist: String) throws {
        taglib_set_strings_unicode(1)
        guard let file = taglib_file_new(path) else { throw TagWriteFailed(path: path) }
        defer { taglib_file_free(file) }
        guard taglib_file_is_valid(file) != 0, let tag = taglib_file_tag(file) else { throw TagWriteFailed(path: path) }
        taglib_tag_set_title(tag, title)
        taglib_tag_set_artist(tag, artist)
        guard taglib_file_save(file) != 0 else { throw TagWriteFailed(path: path) }
    }
}
