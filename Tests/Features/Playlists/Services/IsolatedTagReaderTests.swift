import Foundation
import KernelDomain
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import Testing

/// Tags read in a child process of the built `facet` (the product's
/// reader): a file that crashes the tag library, or one on which it never
/// returns, costs that file's tags and nothing else; the files after it are
/// read by a new child. Also the cap on tag text, in either reader.
@Suite struct IsolatedTagReaderTests {
    let dir = TemporaryDirectory("facet-isolated-tags")

    func reader(deadline: Duration = .seconds(20)) -> IsolatedTagReader {
        IsolatedTagReader(executable: FacetProcess.binary, deadline: deadline)
    }

    @Test func aFileThatCrashesTheReaderFailsAloneAndTheNextAreRead() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        try CraftedAudioFixture.nestedMoovMP4().write(to: URL(fileURLWithPath: dir.path + "/deep.m4a"))
        let paths = [dir.path + "/02 - Wrong Name.wav", dir.path + "/deep.m4a", dir.path + "/03 - Also Wrong.wav", dir.path + "/none.mp3"]
        let readings = reader().read(paths)
        let standard = TaggedAudioFixture.standard
        #expect(readings == [
            .tags(AudioTags(title: standard[1].expectedTitle, artist: standard[1].expectedArtist, duration: 3)),
            .failed,
            .tags(AudioTags(title: standard[2].expectedTitle, artist: standard[2].expectedArtist, duration: 4)),
            .none,
        ])
    }

    /// A FIFO blocks TagLib's open for as long as nobody writes to it.
    @Test func aFileThatNeverAnswersFailsAtItsDeadline() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        #expect(mkfifo(dir.path + "/stuck.mp3", 0o600) == 0)
        let started = ContinuousClock.now
        let readings = reader(deadline: .seconds(2)).read([dir.path + "/stuck.mp3", dir.path + "/01 - Intro.wav"])
        #expect(readings == [.failed, .tags(AudioTags(duration: 2))])
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func theDirectoryParserReportsTheFilesItsReaderFailedOn() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: dir.path)
        try CraftedAudioFixture.nestedChapterMP3().write(to: URL(fileURLWithPath: dir.path + "/04 Deep.mp3"))
        let material = PlaylistMaterial.directory(
            name: dir.path, entries: TaggedAudioFixture.standard.map(\.name) + ["04 Deep.mp3"], skipped: SkippedFolders())
        let parsed = try AudioDirectorySongParser(tags: reader()).parseReporting(material)
        #expect(parsed.songs.map(\.title) == TaggedAudioFixture.standard.map(\.expectedTitle) + ["Deep"])
        #expect(parsed.skipped.unreadableFiles == [dir.path + "/04 Deep.mp3"])
    }

    /// A tag of any size is stored as its first `textLimit` characters.
    @Test func tagTextIsCapped() throws {
        let long = String(repeating: "é", count: 200_000)
        try TaggedAudioFixture.write(
            [.init(name: "long.wav", seconds: 1, tags: (long, "x" + long), expectedTitle: "", expectedArtist: "")], into: dir.path)
        for tags in [TagLibTagReader().tags(ofFile: dir.path + "/long.wav"), reader().tags(ofFile: dir.path + "/long.wav")] {
            #expect(tags?.title == String(repeating: "é", count: AudioTags.textLimit))
            #expect(tags?.artist == "x" + String(repeating: "é", count: AudioTags.textLimit - 1))
        }
    }
}
