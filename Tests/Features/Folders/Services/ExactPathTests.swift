import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport
import Testing

/// File-system work goes by the exact bytes the user gave or the kernel
/// returned: names that are not UTF-8, NULs, and `..` through a
/// symlink each once made Facet act on a different folder.
@Suite struct ExactPathTests {
    let dir = TemporaryDirectory("facet-exact")
    let renamer = NoReplaceRenamer()

    /// `mkdir` by raw bytes below the temporary directory.
    func makeDirectory(_ name: [UInt8]) {
        let path = Array(dir.path.utf8) + [0x2F] + name
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        #expect(mkdir(cPath, 0o755) == 0)
    }

    func exists(_ name: [UInt8]) -> Bool {
        var info = stat()
        let cPath = (Array(dir.path.utf8) + [0x2F] + name).map { CChar(bitPattern: $0) } + [0]
        return lstat(cPath, &info) == 0
    }

    @Test func aNameThatIsNotUTF8IsRenamedByItsBytesNotByItsLookalike() async throws {
        let invalid: [UInt8] = [0xFF, 0xFF]
        let lookalike = Array("\u{FFFD}\u{FFFD}".utf8)
        makeDirectory(invalid)
        makeDirectory(lookalike)
        // The scan reports it under a name that maps back to its bytes.
        let scanned = try await FolderTreeFixtures.scan(dir.path)
        let names = Set(scanned.children.keys)
        #expect(names.count == 2)
        let listed = try #require(names.first { FileSystemName.hasEscapes($0) })
        #expect(FileSystemName.bytes(of: listed) == invalid)
        let renamed = try renamer.rename(FolderPath.join(dir.path, listed), to: "Renamed")
        #expect(renamed == dir.path + "/Renamed")
        #expect(!exists(invalid))
        #expect(exists(lookalike), "the folder literally named U+FFFD U+FFFD must be untouched")
        // A new name that is not UTF-8 is written by its bytes too.
        let newName = FileSystemName.decode([0x61, 0xFF, 0x62])
        _ = try renamer.rename(dir.path + "/Renamed", to: newName)
        #expect(exists([0x61, 0xFF, 0x62]))
        #expect(!exists(Array("a\u{FFFD}b".utf8)))
    }

    @Test func aPathWithANulIsRefusedNotCut() async throws {
        dir.directory("victim")
        #expect(throws: FolderError.invalidPath(dir.path + "/victim\u{0}-gone")) {
            try renamer.rename(dir.path + "/victim\u{0}-gone", to: "x")
        }
        #expect(throws: FolderError.self) { try renamer.rename(dir.path + "/victim", to: "x\u{0}y") }
        await #expect(throws: FolderError.invalidPath(dir.path + "\u{0}/victim")) {
            _ = try await FolderTreeFixtures.scan(dir.path + "\u{0}/victim")
        }
        await #expect(throws: FolderError.self) {
            _ = try await DirectoryScanner().measure(dir.path + "/victim\u{0}", options: FolderScanOptions())
        }
        #expect(FileManager.default.fileExists(atPath: dir.path + "/victim"))
    }

    @Test func dotDotAfterASymlinkMeansWhatTheKernelMeans() throws {
        dir.directory("a")
        dir.directory("b/c")
        dir.directory("b/target")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/a/link", withDestinationPath: dir.path + "/b/c")
        // Lexically `/a/link/..` is `/a`; the kernel says `/b`.
        let resolved = try KernelPath.resolvingParents(dir.path + "/a/link/..")
        let real = try #require(realpath(dir.path + "/b", nil))
        defer { free(real) }
        #expect(resolved == String(cString: real))
        #expect(try KernelPath.resolvingParents(dir.path + "/a/link/../target") == String(cString: real) + "/target")
        // No `..`: purely lexical, nothing resolved on disk.
        let base = FolderPath.normalize(dir.path)
        #expect(try KernelPath.resolvingParents(dir.path + "/a/./link/") == base + "/a/link")
        // A `..` the kernel cannot walk through is refused, naming the part that failed.
        #expect(throws: FolderError.notFound(base + "/missing")) {
            try KernelPath.resolvingParents(dir.path + "/missing/../a")
        }
    }

    @Test func dotDotAfterAFileOrADanglingLinkIsRefusedAsTheKernelRefusesIt() throws {
        dir.file("b/marker", "x")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/b/dangling", withDestinationPath: dir.path + "/nowhere")
        let base = FolderPath.normalize(dir.path)
        #expect(throws: FolderError.notADirectory(base + "/b/marker")) {
            try KernelPath.resolvingParents(dir.path + "/b/marker/..")
        }
        #expect(throws: FolderError.notFound(base + "/b/dangling")) {
            try KernelPath.resolvingParents(dir.path + "/b/dangling/..")
        }
        #expect(throws: FolderError.notADirectory(base + "/b/marker")) {
            try KernelPath.resolvingParents(dir.path + "/b/marker/../marker/..")
        }
    }
}
