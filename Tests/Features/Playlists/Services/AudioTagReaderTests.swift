import Foundation
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

    @Test func partialTagsFallBackFieldByField() throws {
        let path = dir.path + "/Queen - 01 Untitled.wav"
        try TaggedAudioFixture.wav(seconds: 1).write(to: URL(fileURLWithPath: path))
        try TaggedAudioFixture.tag(path, title: "Bohemian Rhapsody", artist: "  ")
        let song = AudioDirectorySongParser(tags: reader)
            .song(named: "Queen - 01 Untitled.wav", at: path, tags: reader.tags(ofFile: path))
        #expect(song == Song(title: "Bohemian Rhapsody", artist: "Queen", duration: 1, location: path))
    }

    /// TagLib's C API frees every string it handed out at once; readers on
    /// many threads must not free each other's.
    @Test func readersOnManyThreadsGetTheirOwnTags() async throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        let files = TaggedAudioFixture.standard
        let reader = reader, folder = dir.path
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<60 {
                        let file = files[(task + round) % files.count]
                        let tags = reader.tags(ofFile: folder + "/" + file.name)
                        if tags?.title != (file.tags?.title ?? "") || tags?.duration != file.seconds { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
