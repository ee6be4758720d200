import Foundation
import KernelDomain
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import ScreenKit
import Testing

/// The exporter's files read back by the importer's own source and parsers
/// to the very same songs, in order, whatever the titles hold.
@Suite struct PlaylistExportRoundTripTests {
    let dir = TemporaryDirectory("facet-export")
    let source = FilePlaylistSource()

    /// Titles and artists that break naive M3U writers.
    static let awkward: [Song] = [
        Song(title: "Hoppípolla", artist: "Sigur Rós", duration: 268, location: "/music/Sigur Rós/Hoppípolla.flac"),
        Song(title: "東京 🎵 Café, naïve", artist: "Ünïcödé, Inc.", duration: 0, location: "/music/東京.mp3"),
        Song(title: "Intro - Live", artist: "Band", duration: 61, location: "/music/intro live.ogg"),
        Song(title: "Thunderstruck", artist: "AC - DC", duration: 292, location: "/music/ac-dc.mp3"),
        Song(title: "Part 1 - Part 2", artist: "", location: "/music/parts.mp3"),
        Song(title: #"He said "hi", then 'bye'"#, artist: #"The "Quoted""#, duration: 5, location: #"/music/"q".mp3"#),
        Song(title: "Line one\nLine two", artist: "New\r\nLine", duration: 7, location: "/music/odd\nname.mp3"),
        Song(title: "Back\\slash\ttab\u{2028}sep", artist: " padded ", location: "http://radio.example/stream?a=1,b=2"),
        Song(title: "01 - Intro", artist: "", duration: 3, location: "/music/01 - Intro.mp3"),
        Song(title: "From the seed", artist: "Queen", cover: "https://covers.example/q.jpg"),
        Song(title: "", artist: "Nameless"),
        Song(title: "#EXTINF:9,not a tag", artist: "Hash", location: "/music/#hash.mp3"),
    ]

    func export(_ songs: [Song], to name: String, format: PlaylistFileFormat) throws -> String {
        let path = dir.path + "/" + name
        let output = try PlaylistFileExporter(sanitize: TerminalText.sanitize).begin(path, format: format, replacing: false)
        // In two batches, as the store delivers them.
        try output.write(Array(songs.prefix(5)))
        try output.write(Array(songs.dropFirst(5)))
        try output.commit()
        return path
    }

    func reimport(_ path: String) async throws -> [Song] {
        let material = try await source.fetch(path)
        let parser: any SongParser = path.hasSuffix(".json") ? SeedJSONSongParser() : M3USongParser()
        #expect(parser.accepts(material))
        return try parser.parse(material)
    }

    @Test func m3u8RoundTripKeepsEverySongAndItsOrder() async throws {
        let path = try export(Self.awkward, to: "awkward.m3u8", format: .m3u)
        #expect(try await reimport(path) == Self.awkward)
    }

    /// Escape sequences, control characters and a path that is not UTF-8.
    static let hostile: [Song] = [
        Song(title: "Say \u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}now", artist: "Bell\u{07}\u{9B}2J", duration: 5, location: "/music/esc\u{1B}[2Jape.mp3"),
        Song(title: "caf\u{10FFE9}", artist: "", duration: 1, location: "/music/caf\u{10FFE9}.mp3"),
        Song(title: "Plain", artist: "Band", duration: 2, location: "/music/plain.mp3"),
    ]

    /// The M3U lines show what the terminal would (no control character,
    /// no escape sequence, valid UTF-8), and `#FACET-SONG:` lines carry the
    /// rest, so the songs come back exact.
    @Test func m3uWritesNoRawEscapesAndStillRoundTrips() async throws {
        let path = try export(Self.hostile, to: "hostile.m3u8", format: .m3u)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "raw escape bytes in the export")
        let text = try #require(String(validating: bytes, as: UTF8.self))
        for line in text.split(separator: "\n") where !line.hasPrefix("#FACET-SONG:") {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value >= 0x10FF00 }, "\(line)")
        }
        #expect(text.contains("#EXTINF:5,Bell - Say red now\n"), "\(text)")
        #expect(text.contains("\n/music/plain.mp3\n"))
        #expect(try await reimport(path) == Self.hostile)
    }

    @Test func jsonRoundTripKeepsEverySongAndItsOrder() async throws {
        let path = try export(Self.awkward, to: "awkward.json", format: .json)
        #expect(try await reimport(path) == Self.awkward)
        // Still the seed's format: a reader that knows only its three fields gets them.
        let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let records = parsed?["result"] as? [[String: Any]]
        #expect(records?.count == Self.awkward.count)
        #expect(records?[9]["artist_name"] as? String == "Queen")
        #expect(records?[9]["cover"] as? String == "https://covers.example/q.jpg")
    }

    /// What a player sees: `#EXTM3U`, then per song `#EXTINF:<seconds>,<Artist> - <Title>`
    /// and the path, one line each; line breaks shown as spaces; the exact
    /// song in a `#FACET-SONG` comment only where those lines cannot say it.
    @Test func m3u8IsWhatPlayersRead() throws {
        let path = try export(Self.awkward, to: "plain.m3u", format: .m3u)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "#EXTM3U")
        #expect(lines.last == "")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("#EXTINF:268,Sigur Rós - Hoppípolla\n/music/Sigur Rós/Hoppípolla.flac\n"))
        #expect(text.contains("#EXTINF:61,Band - Intro - Live\n/music/intro live.ogg\n"))
        #expect(text.contains("#EXTINF:-1,From the seed") || text.contains("#EXTINF:-1,Queen - From the seed"))
        #expect(text.contains("#EXTINF:7,New Line - Line one Line two\n/music/odd name.mp3\n"))
        // Plain songs need no comment; awkward ones get exactly one each.
        let exact = lines.filter { $0.hasPrefix("#FACET-SONG:") }
        #expect(exact.count == 7, "\(exact)")
        #expect(!text.contains("#FACET-SONG:{\"title\":\"Hoppípolla\""))
        #expect(lines.filter { $0.hasPrefix("#EXTINF:") }.count == Self.awkward.count)
        // No line a player would read as an entry is empty or a comment by accident.
        let entries = lines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(entries.count == Self.awkward.count)
    }

    @Test func anEmptyPlaylistIsAValidFile() async throws {
        let m3u = try export([], to: "empty.m3u8", format: .m3u)
        #expect(try String(contentsOfFile: m3u, encoding: .utf8) == "#EXTM3U\n")
        let json = try export([], to: "empty.json", format: .json)
        #expect(try await reimport(json) == [])
    }

    @Test func anExistingFileIsReplacedOnlyWhenAsked() throws {
        let path = dir.file("kept.m3u8", "precious\n")
        #expect(throws: FileWriteError.exists(path)) {
            _ = try PlaylistFileExporter(sanitize: TerminalText.sanitize).begin(path, format: .m3u, replacing: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious\n")
        let output = try PlaylistFileExporter(sanitize: TerminalText.sanitize).begin(path, format: .m3u, replacing: true)
        try output.write([Song(title: "New", artist: "Me", location: "/a.mp3")])
        try output.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("#EXTM3U\n#EXTINF:-1,Me - New\n"))
    }

    @Test func aLinkOrFIFOAtThePathIsNeverWrittenThrough() throws {
        let victim = dir.file("victim.txt", "untouched")
        let link = dir.path + "/link.m3u8"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let fifo = dir.path + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, format) in [(link, PlaylistFileFormat.m3u), (fifo, .json)] {
            #expect(throws: FileWriteError.self) { _ = try PlaylistFileExporter(sanitize: TerminalText.sanitize).begin(path, format: format, replacing: true) }
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".facet-") }
        #expect(leftovers.isEmpty)
    }

    @Test func anAbandonedExportLeavesThePathAsItWas() throws {
        let path = dir.file("before.json", "old")
        let output = try PlaylistFileExporter(sanitize: TerminalText.sanitize).begin(path, format: .json, replacing: true)
        try output.write(Self.awkward)
        output.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["before.json"])
    }

    @Test func formatIsChosenByExtension() {
        #expect(PlaylistFileFormat(exportPath: "/a/b.M3U8") == .m3u)
        #expect(PlaylistFileFormat(exportPath: "b.m3u") == .m3u)
        #expect(PlaylistFileFormat(exportPath: "/x.json/b.JSON") == .json)
        #expect(PlaylistFileFormat(exportPath: "/a.m3u/b.txt") == nil)
        #expect(PlaylistFileFormat(exportPath: "/a/m3u8") == nil)
    }
}
