import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport
import Testing

/// The live renamer on a real directory: every rule and every failure, and
/// nothing on disk changes except by a successful rename.
@Suite struct NoReplaceRenamerTests {
    let dir = TemporaryDirectory("facet-rename")
    let renamer = NoReplaceRenamer()

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir.path + "/" + name) }
    func listing() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    @Test func renamesInPlace() throws {
        dir.file("a/inside", "keep")
        #expect(try renamer.rename(dir.path + "/a", to: "b") == dir.path + "/b")
        #expect(!exists("a") && exists("b/inside"))
    }

    @Test func neverReplacesAnExistingEntry() throws {
        dir.file("a/mine", "1")
        dir.file("b/theirs", "2")
        dir.file("c", "a file")
        #expect(throws: FolderError.exists(dir.path + "/b")) { try renamer.rename(dir.path + "/a", to: "b") }
        #expect(throws: FolderError.exists(dir.path + "/c")) { try renamer.rename(dir.path + "/a", to: "c") }
        dir.directory("empty")
        #expect(throws: FolderError.exists(dir.path + "/empty")) { try renamer.rename(dir.path + "/a", to: "empty") }
        #expect(listing() == ["a", "b", "c", "empty"])
        #expect(exists("a/mine") && exists("b/theirs"))
    }

    @Test(arguments: [
        ("../x", FolderNameRules.Problem.containsSlash), ("", .empty), (".", .dotName), ("..", .dotName),
        ("x\u{0}y", .controlCharacters), ("bell\u{7}", .controlCharacters),
        (String(repeating: "n", count: 300), .tooLong(bytes: 300)),
    ])
    func refusesInvalidNamesWithoutTouchingTheDisk(name: String, problem: FolderNameRules.Problem) throws {
        dir.directory("a")
        #expect(throws: FolderError.invalidName(name, problem)) { try renamer.rename(dir.path + "/a", to: name) }
        #expect(listing() == ["a"])
    }

    @Test func aFolderRemovedMeanwhileIsReportedAsVanished() throws {
        dir.directory("a")
        try FileManager.default.removeItem(atPath: dir.path + "/a")
        #expect(throws: FolderError.vanished(dir.path + "/a")) { try renamer.rename(dir.path + "/a", to: "b") }
        #expect(listing().isEmpty)
        #expect(throws: FolderError.vanished(dir.path + "/gone/a")) { try renamer.rename(dir.path + "/gone/a", to: "b") }
    }

    @Test func caseOnlyRenameWorks() throws {
        dir.file("photos/p1", "x")
        #expect(try renamer.rename(dir.path + "/photos", to: "Photos") == dir.path + "/Photos")
        #expect(listing() == ["Photos"])
        #expect(exists("Photos/p1"))
    }

    @Test func unicodeNamesWithin255Bytes() throws {
        dir.directory("a")
        let name = String(repeating: "é", count: 127)  // 254 bytes
        #expect(try renamer.rename(dir.path + "/a", to: name) == dir.path + "/" + name)
        #expect(listing() == [name])
    }

    @Test func rootHasNoParent() {
        #expect(throws: FolderError.noParent("/")) { try renamer.rename("/", to: "x") }
    }

    @Test func readOnlyFileSystemsAreNamed() throws {
        // /proc refuses renames; the cause must be a named folder error, not a crash.
        do {
            _ = try renamer.rename("/proc/self", to: "other")
            Issue.record("renaming in /proc must fail")
        } catch let error as FolderError {
            #expect(["folder.permission_denied", "folder.read_only", "folder.vanished", "folder.io_error"].contains(error.code))
        }
    }
}
