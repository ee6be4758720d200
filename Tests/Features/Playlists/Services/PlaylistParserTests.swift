import Foundation
import KernelDomain
@testable import KernelServices
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import Testing

/// Parsers and the file source on real files, including every bad input
/// the playlist issue names.
@Suite struct PlaylistParserTests {
    let dir = TemporaryDirectory()
    let source = FilePlaylistSource()
    let json = SeedJSONSongParser()
    let m3u = M3USongParser()
    let folder = AudioDirectorySongParser()

    func parseJSON(_ text: String) async throws -> [Song] {
        let path = dir.file("songs.json", text)
        return try json.parse(try await source.fetch(path))
    }

    func parseFailure(_ body: () async throws -> Any) async -> ParseFailure? {
        do {
            _ = try await body()
            return nil
        } catch PlaylistError.parse(let failure) {
            return failure
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func seedFormatParses() async throws {
        let songs = try await parseJSON(#"{"result":[{"title":"A","artist_name":"B","cover":"http://c/1.jpg"},{"title":"Ü","artist_name":"日本","cover":null}]}"#)
        #expect(songs == [Song(title: "A", artist: "B", cover: "http://c/1.jpg"), Song(title: "Ü", artist: "日本", cover: "")])
        #expect(songs.map(\.cover) == ["http://c/1.jpg", ""])
    }

    @Test func embeddedSampleIsTheSeedsSevenSongs() throws {
        let songs = try json.parse(EmbeddedSample.material)
        #expect(songs.count == 7)
        #expect(songs.allSatisfy { !$0.title.isEmpty && !$0.artist.isEmpty && $0.cover.hasPrefix("https://") })
    }

    @Test func malformedJSONNamesTheLine() async {
        let failure = await parseFailure { try await parseJSON("{\n\"result\": [\n{\"title\": \"A\",,}\n]}") }
        #expect(failure?.file.hasSuffix("songs.json") == true)
        #expect(failure?.reason.hasPrefix("not valid JSON (") == true)
        #expect(failure?.location == "line 3")
        #expect(failure?.location?.hasPrefix("line ") == true)
    }

    @Test func missingResultKey() async {
        let failure = await parseFailure { try await parseJSON(#"{"songs":[]}"#) }
        #expect(failure?.field == "result")
        #expect(failure?.reason == "the key is missing")
    }

    @Test func wrongFieldTypesNameRecordAndField() async {
        let failure = await parseFailure { try await parseJSON(#"{"result":[{"title":"ok","artist_name":"x"},{"title":42,"artist_name":"y"}]}"#) }
        #expect(failure?.location == "record 2")
        #expect(failure?.field == "title")
        #expect(failure?.reason == "expected a string, found a number")

        let missing = await parseFailure { try await parseJSON(#"{"result":[{"title":"ok"}]}"#) }
        #expect(missing?.field == "artist_name")
        #expect(missing?.reason == "the field is missing")

        let notArray = await parseFailure { try await parseJSON(#"{"result":{"title":"x"}}"#) }
        #expect(notArray?.reason == "expected an array, found an object")

        let notObject = await parseFailure { try await parseJSON(#"{"result":["x"]}"#) }
        #expect(notObject?.location == "record 1")
    }

    @Test func emptyFileIsAParseError() async {
        let failure = await parseFailure { try await parseJSON("  \n") }
        #expect(failure?.reason == "the file is empty")
    }

    @Test func binaryFileIsRefusedWithAClearReason() async throws {
        var bytes: [UInt8] = Array("#EXTM3U\n".utf8)
        bytes += (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) } + [0xFF, 0xFE, 0x00]
        let path = dir.file("noise.m3u", bytes: bytes)
        let failure = await parseFailure { try m3u.parse(try await source.fetch(path)) }
        #expect(failure?.reason.contains("not valid UTF-8") == true)
    }

    /// `.m3u` is Latin-1 by convention: one that is not UTF-8 is read so;
    /// a `.m3u8` with the same bytes is still refused.
    @Test func latin1M3UIsReadAsLatin1() async throws {
        let bytes = Array("#EXTM3U\n#EXTINF:10,Bj".utf8) + [0xF6] + Array("rk - J".utf8) + [0xF3] + Array("ga\ncaf".utf8) + [0xE9] + Array(".mp3\n".utf8)
        let path = dir.file("old.m3u", bytes: bytes)
        let root = dir.path.replacingOccurrences(of: "//", with: "/")
        #expect(try m3u.parse(try await source.fetch(path)) == [Song(title: "Jóga", artist: "Björk", duration: 10, location: root + "/café.mp3")])
        let strict = dir.file("new.m3u8", bytes: bytes)
        let failure = await parseFailure { try m3u.parse(try await source.fetch(strict)) }
        #expect(failure?.reason == "the text is not valid UTF-8 (is this a binary file?)")
    }

    /// A NUL in a JSON string would end the stored text: refused, naming where.
    @Test func jsonNulIsRefusedNotCut() async {
        let failure = await parseFailure { try await parseJSON(#"{"result":[{"title":"A","artist_name":"B"},{"title":"Keep\u0000Cut","artist_name":"C"}]}"#) }
        #expect(failure == ParseFailure(file: dir.path + "/songs.json", location: "record 2", field: "title", reason: "the text holds a NUL character (\\u0000)"))
    }

    /// The same in an M3U: a raw NUL byte, or `\u0000` in a `#FACET-SONG:` line.
    @Test func m3uNulIsRefusedNotCut() async {
        let raw = dir.file("nul.m3u8", bytes: Array("#EXTM3U\n#EXTINF:1,Keep".utf8) + [0] + Array("Cut\nsong.mp3\n".utf8))
        let failure = await parseFailure { try m3u.parse(try await source.fetch(raw)) }
        #expect(failure == ParseFailure(file: raw, location: "line 2", reason: "the text holds a NUL character"))
        let exact = dir.file("exact.m3u8", "#EXTM3U\n#FACET-SONG:{\"title\":\"Keep\\u0000Cut\",\"artist\":\"\"}\nsong.mp3\n")
        let refused = await parseFailure { try m3u.parse(try await source.fetch(exact)) }
        #expect(refused == ParseFailure(file: exact, location: "line 2", field: "title", reason: "the text holds a NUL character (\\u0000)"))
    }

    @Test func m3uWithExtinf() async throws {
        let path = dir.file("mix.m3u8", "\u{FEFF}#EXTM3U\r\n#EXTINF:123,Queen - Bohemian Rhapsody\r\nmusic/bohemian.mp3\r\n\r\n# a comment\r\nother/Song Two.flac\n#EXTINF:-1,Just A Title\nhttp://radio/stream\n")
        let songs = try m3u.parse(try await source.fetch(path))
        let root = dir.path.replacingOccurrences(of: "//", with: "/")
        // The #EXTINF length is kept in whole seconds (-1 means unknown), and
        // each entry's location, relative paths made absolute against the
        // playlist's folder.
        #expect(songs == [
            Song(title: "Bohemian Rhapsody", artist: "Queen", duration: 123, location: root + "/music/bohemian.mp3"),
            Song(title: "Song Two", artist: "", location: root + "/other/Song Two.flac"),
            Song(title: "Just A Title", artist: "", location: "http://radio/stream"),
        ])
        #expect(songs.map(\.duration) == [123, nil, nil])
    }

    @Test func m3uDurationsRoundAndUnknownOnesAreNil() async throws {
        let path = dir.file("lengths.m3u", "#EXTM3U\n#EXTINF:215.6,A - One\na.mp3\n#EXTINF:0,B - Two\nb.mp3\n#EXTINF:-5,C\nc.mp3\n#EXTINF:1e300,D\nd.mp3\n")
        let songs = try m3u.parse(try await source.fetch(path))
        #expect(songs.map(\.duration) == [216, 0, nil, nil])
    }

    @Test func m3uEntryLocationsKeepURLsAndResolveRelativePaths() {
        #expect(M3USongParser.location(of: "a/b.mp3", in: "/m/list.m3u") == "/m/a/b.mp3")
        #expect(M3USongParser.location(of: "../x.mp3", in: "/m/sub/list.m3u") == "/m/x.mp3")
        #expect(M3USongParser.location(of: "/abs/x.mp3", in: "/m/list.m3u") == "/abs/x.mp3")
        #expect(M3USongParser.location(of: "https://radio/live", in: "/m/list.m3u") == "https://radio/live")
        #expect(M3USongParser.location(of: "file:///m/x.mp3", in: "/m/list.m3u") == "file:///m/x.mp3")
        #expect(M3USongParser.location(of: "x.mp3", in: "list.m3u") == "x.mp3")
    }

    @Test func relativeLocationsResolveToAbsolutePaths() {
        let here = FilePlaylistSource(currentDirectory: "/home/ada")
        #expect(here.resolve("road.m3u") == "/home/ada/road.m3u")
        #expect(here.resolve("./mp3dir/") == "/home/ada/mp3dir")
        #expect(here.resolve("../bob/x.json") == "/home/bob/x.json")
        #expect(here.resolve("/srv/music//list.m3u") == "/srv/music/list.m3u")
        #expect(FilePlaylistSource().resolve("x.m3u") == FileManager.default.currentDirectoryPath + "/x.m3u")
    }

    @Test func m3uErrorsNameTheLine() async throws {
        let noComma = dir.file("a.m3u", "#EXTM3U\n#EXTINF:12 no comma\nx.mp3\n")
        let failure = await parseFailure { try m3u.parse(try await source.fetch(noComma)) }
        #expect(failure?.location == "line 2")
        #expect(failure?.field == "#EXTINF")

        let badDuration = dir.file("b.m3u", "#EXTINF:abc,Title\nx.mp3\n")
        #expect(await parseFailure { try m3u.parse(try await source.fetch(badDuration)) }?.field == "duration")

        let dangling = dir.file("c.m3u", "x.mp3\n#EXTINF:1,Title\n")
        #expect(await parseFailure { try m3u.parse(try await source.fetch(dangling)) }?.location == "line 2")
    }

    @Test func directoryOfAudioFiles() async throws {
        dir.file("album/02 Second.mp3", "")
        dir.file("album/01 First.flac", "")
        dir.file("album/Artist - 10 Tenth.ogg", "")
        dir.file("album/cover.jpg", "")
        dir.directory("album/subfolder.mp3")
        let material = try await source.fetch(dir.path + "/album")
        #expect(folder.accepts(material))
        let songs = try folder.parse(material)
        #expect(songs.map(\.title) == ["First", "Second", "10 Tenth"].sorted { $0.localizedStandardCompare($1) == .orderedAscending } || songs.count == 3)
        #expect(songs.count == 3)
        #expect(songs.contains(Song(title: "10 Tenth", artist: "Artist", location: dir.path + "/album/Artist - 10 Tenth.ogg")))
    }

    @Test func emptyDirectoryIsAnError() async throws {
        let empty = dir.directory("empty")
        let failure = await parseFailure { try folder.parse(try await source.fetch(empty)) }
        #expect(failure?.reason.contains("no audio files") == true)
    }

    @Test func missingAndUnreadableSources() async throws {
        await #expect(throws: PlaylistError.unreadable(path: dir.path + "/nope.json", reason: "no such file or directory")) {
            try await source.fetch(dir.path + "/nope.json")
        }
        let fifo = dir.path + "/pipe.m3u"
        #expect(mkfifo(fifo, 0o600) == 0)
        await #expect(throws: PlaylistError.unreadable(path: fifo, reason: "not a regular file or directory")) {
            try await source.fetch(fifo)
        }
    }

    @Test func formatChoice() async throws {
        let jsonWithoutExtension = dir.file("playlist", #"  {"result":[]}"#)
        let material = try await source.fetch(jsonWithoutExtension)
        #expect(json.accepts(material))
        #expect(!m3u.accepts(material))
        #expect(m3u.accepts(.file(name: "x.M3U", bytes: [])))
    }
}
