import CTagLib
import Foundation
import Synchronization
import KernelDomain
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import Testing

/// Audio files' own tags, read with TagLib from WAV files the test writes
/// and tags itself: titles, artists and lengths where the tags have them,
/// the file name's rule where they do not, and never a failed import
/// because one file is not audio.
@Suite struct AudioTagReaderTests {
    let dir = TemporaryDirectory("facet-tags")
    let reader = TagLibTagReader()

    @Test func tagLibIsThere() {
        // Every other test here would pass vacuously on names alone without it.
        #expect(TagLibTagReader.isAvailable)
    }

    /// The reader opens TagLib at run time and declares each function's type
    /// itself: this compiles only while those types are the header's.
    @Test func theDeclaredTypesAreTheHeaders() {
        let _: TagLibLibrary.SetFlag = taglib_set_strings_unicode
        let _: TagLibLibrary.FileNew = taglib_file_new
        let _: TagLibLibrary.FileFree = taglib_file_free
        let _: TagLibLibrary.FileIsValid = taglib_file_is_valid
        let _: TagLibLibrary.FileTag = taglib_file_tag
        let _: TagLibLibrary.FileProperties = taglib_file_audioproperties
        let _: TagLibLibrary.TagText = taglib_tag_title
        let _: TagLibLibrary.TagText = taglib_tag_artist
        let _: TagLibLibrary.FreeStrings = taglib_tag_free_strings
        let _: TagLibLibrary.Length = taglib_audioproperties_length
    }

    @Test func readsTitleArtistAndLength() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        let tagged = reader.tags(ofFile: dir.path + "/02 - Wrong Name.wav")
        #expect(tagged == AudioTags(title: "Señor Ünïcødé 東京 ☃", artist: "Björk Guðmundsdóttir", duration: 3))
        let awkward = reader.tags(ofFile: dir.path + "/03 - Also Wrong.wav")
        #expect(awkward == AudioTags(title: TaggedAudioFixture.awkwardTitle, artist: "AC/DC", duration: 4))
        // No tags: empty text, but the length is the audio's.
        #expect(reader.tags(ofFile: dir.path + "/01 - Intro.wav") == AudioTags(duration: 2))
    }

    @Test func notAudioIsNotAnError() {
        let text = dir.file("notes.wav", "these are liner notes, not audio\n")
        let empty = dir.file("empty.mp3", "")
        let garbage = dir.file("noise.flac", bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for path in [text, empty, garbage, dir.path + "/missing.ogg", dir.path] {
            let tags = reader.tags(ofFile: path)
            #expect(tags == nil || tags?.title == "", "\(path): \(String(describing: tags))")
        }
    }

    @Test func folderImportTakesTagsElseTheName() async throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path + "/music")
        dir.file("music/04 - Not Audio.mp3", "not an mp3")
        dir.file("music/cover.jpg", "not a song at all")
        let material = try await FilePlaylistSource().fetch(dir.path + "/music")
        let songs = try AudioDirectorySongParser(tags: reader).parse(material)
        let expected = TaggedAudioFixture.standard.map {
            Song(title: $0.expectedTitle, artist: $0.expectedArtist, duration: $0.seconds, location: dir.path + "/music/" + $0.name)
        } + [Song(title: "Not Audio", artist: "", location: dir.path + "/music/04 - Not Audio.mp3")]
        #expect(songs == expected)
        // Without a tag reader, the same folder is named by its files.
        let named = try AudioDirectorySongParser().parse(material)
        #expect(named.map(\.title) == ["Intro", "Wrong Name", "Also Wrong", "Not Audio"])
        #expect(named.allSatisfy { $0.duration == nil })
    }

    @Test func oneAudioFileIsAFolderOfOneSong() async throws {
        let path = dir.path + "/one/Ünï 07.WAV"
        try FileManager.default.createDirectory(atPath: dir.path + "/one", withIntermediateDirectories: true)
        try TaggedAudioFixture.wav(seconds: 2).write(to: URL(fileURLWithPath: path))
        try TaggedAudioFixture.tag(path, title: "Seven", artist: "Nine")
        let material = try await FilePlaylistSource().fetch(path)
        guard case .directory(let folder, let entries, _) = material else {
            Issue.record("not read as a folder of one song: \(material)")
            return
        }
        #expect(folder == dir.path + "/one" && entries == ["Ünï 07.WAV"])
        #expect(try AudioDirectorySongParser(tags: reader).parse(material) == [Song(title: "Seven", artist: "Nine", duration: 2, location: path)])
        // A playlist file is still read as one.
        let list = dir.file("list.m3u", "#EXTM3U\n")
        guard case .file = try await FilePlaylistSource().fetch(list) else {
            Issue.record("a playlist file read as audio")
            return
        }
    }

    @Test func partialTagsFallBackFieldByField() throws {
        let path = dir.path + "/Queen - 01 Untitled.wav"
        try TaggedAudioFixture.wav(seconds: 1).write(to: URL(fileURLWithPath: path))
        try TaggedAudioFixture.tag(path, title: "Bohemian Rhapsody", artist: "  ")
        let song = AudioDirectorySongParser(tags: reader)
            .song(named: "Queen - 01 Untitled.wav", at: path, tags: reader.tags(ofFile: path))
        #expect(song == Song(title: "Bohemian Rhapsody", artist: "Queen", duration: 1, location: path))
    }

    /// TagLib's C API frees every string it handed out at once; readers on
    /// many threads (real ones, not the cooperative pool's few) must not
    /// free each other's.
    @Test func readersOnManyThreadsGetTheirOwnTags() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        let files = TaggedAudioFixture.standard
        let reader = reader, folder = dir.path
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var mistakes = 0
            for round in 0..<400 {
                let file = files[(thread + round) % files.count]
                let tags = reader.tags(ofFile: folder + "/" + file.name)
                if tags?.title != (file.tags?.title ?? "") || tags?.artist != (file.tags?.artist ?? "") || tags?.duration != file.seconds {
                    mistakes += 1
                }
            }
            wrong.withLock { $0 += mistakes }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
