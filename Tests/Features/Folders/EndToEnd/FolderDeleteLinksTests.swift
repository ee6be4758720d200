import Foundation
import Testing
import TestSupport

/// A folder holding symbolic links is deleted as the links it holds, never
/// through them: a link to a file, a link to a folder outside the tree and a
/// dangling link go with the folder, and what they point at is untouched and
/// not counted in the question.
@Suite(.serialized, .tags(.cli, .folders)) struct FolderDeleteLinksTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-delete-links")
    let outside = TemporaryDirectory("facet-delete-links-outside")

    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    @Test func linksAreDeletedNotFollowedAndTheirTargetsAreNotCounted() throws {
        tree.file("victim/own", "1234")
        outside.file("precious.txt", bytes: [UInt8](repeating: 7, count: 200_000))
        outside.file("album/song.flac", bytes: [UInt8](repeating: 8, count: 300_000))
        let links = FileManager.default
        try links.createSymbolicLink(atPath: root + "/victim/to-file", withDestinationPath: outside.path + "/precious.txt")
        try links.createSymbolicLink(atPath: root + "/victim/to-folder", withDestinationPath: outside.path + "/album")
        try links.createSymbolicLink(atPath: root + "/victim/dangling", withDestinationPath: outside.path + "/gone")

        // The question counts the folder's own entries (a file and three
        // links, as `du -sb` does), none of the half megabyte behind them.
        let bytes = try DiskUsage.apparentBytes(root + "/victim")
        #expect(bytes < 10_000)
        let kib = "\(bytes / 1024).\((bytes % 1024) * 10 / 1024)"  // tenths cut, as FolderFormat does
        let asked = try FacetProcess.run(["folders", root, "delete", "victim"], home: home.path)
        #expect(asked.status == 3, "\(asked.stderr)")
        #expect(asked.stderr.contains("Delete victim (\(kib) KiB, 4 files)?"), "\(asked.stderr)")

        let done = try FacetProcess.run(["folders", root, "delete", "victim", "--yes"], home: home.path)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(!links.fileExists(atPath: root + "/victim"))
        #expect((try? links.destinationOfSymbolicLink(atPath: root + "/victim/dangling")) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside.path + "/precious.txt")).count == 200_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside.path + "/album/song.flac")).count == 300_000)
        #expect(try links.contentsOfDirectory(atPath: outside.path).sorted() == ["album", "precious.txt"])
    }
}
