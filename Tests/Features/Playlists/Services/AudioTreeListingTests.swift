import Foundation
import KernelDomain
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import Testing

/// Folder imports go down into subfolders, in name order, and come back
/// from a symbolic-link loop with the loop reported.
@Suite struct AudioTreeListingTests {
    let dir = TemporaryDirectory("facet-tree")
    let source = FilePlaylistSource()
    let parser = AudioDirectorySongParser()

    @Test func subfoldersAreReadInNameOrder() async throws {
        dir.file("music/b.mp3", "")
        dir.file("music/sub/deep.ogg", "")
        dir.file("music/sub/deeper/02 - Song.flac", "")
        dir.file("music/a.mp3", "")
        dir.file("music/c/notes.txt", "")
        let material = try await source.fetch(dir.path + "/music")
        guard case .directory(_, let entries, let skipped) = material else {
            Issue.record("not a directory: \(material)")
            return
        }
        #expect(entries == ["a.mp3", "b.mp3", "c/notes.txt", "sub/deep.ogg", "sub/deeper/02 - Song.flac"])
        #expect(skipped.isEmpty)
        let songs = try parser.parse(material)
        #expect(songs.map(\.title) == ["a", "b", "deep", "Song"])
        #expect(songs[2].location == dir.path + "/music/sub/deep.ogg")
    }

    @Test func symlinkLoopsAreReportedNotFollowedForever() async throws {
        dir.file("music/x.mp3", "")
        dir.file("music/sub/y.mp3", "")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/music/sub/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/music/self", withDestinationPath: "self")
        // A link to a folder outside is followed: albums are often linked in.
        dir.file("elsewhere/z.mp3", "")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/music/linked", withDestinationPath: dir.path + "/elsewhere")
        let material = try await source.fetch(dir.path + "/music")
        #expect(Set(material.skipped.loops) == [dir.path + "/music/sub/up", dir.path + "/music/self"])
        #expect(material.skipped.unreadable.isEmpty)
        #expect(try parser.parse(material).map(\.title) == ["z", "y", "x"])
    }
}
