import Foundation
import Testing
import TestSupport

/// A path whose `..` follows something that is not a folder is refused as
/// the kernel refuses it, and a refused action changes nothing: the real
/// binary, on real entries.
@Suite struct DotDotAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-dotdot")

    init() throws {
        dir.file("b/marker", "marker")
        dir.directory("b/keep")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/b/dangling-link", withDestinationPath: dir.path + "/nowhere")
    }

    func run(_ command: String) async throws -> Attack.Result {
        try await Attack.shell(command, home: home.path, environment: ["B": dir.path + "/b"])
    }

    func expectUnchanged() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/b").sorted()
        #expect(names == ["dangling-link", "keep", "marker"])
        #expect(try String(contentsOfFile: dir.path + "/b/marker", encoding: .utf8) == "marker")
    }

    @Test func deletingAFileAsIfItWereTheFolderIsRefused() async throws {
        let result = try await run(#""$FACET" folders "$B/marker" delete --yes"#)
        #expect(result.status != 0)
        #expect(result.stderr.contains("is a file, not a folder"), "\(result.stderr)")
        try expectUnchanged()
    }

    @Test func dotDotAfterAFileIsNotADirectory() async throws {
        for command in [#""$FACET" folders "$B/marker/.." delete --yes"#, #""$FACET" folder-rename "$B/marker/.." rename X"#] {
            let result = try await run(command)
            #expect(result.status != 0, "\(command)")
            #expect(result.stderr.contains("marker is a file, not a folder"), "\(command): \(result.stderr)")
            try expectUnchanged()
        }
    }

    @Test func dotDotAfterADanglingLinkIsNotFound() async throws {
        let result = try await run(#""$FACET" folder-rename "$B/dangling-link/.." rename Y"#)
        #expect(result.status != 0)
        #expect(result.stderr.contains("No such folder") && result.stderr.contains("dangling-link"), "\(result.stderr)")
        try expectUnchanged()
    }

    @Test func aRealDotDotStillWorks() async throws {
        let result = try await run(#""$FACET" folder-rename "$B/keep/../keep" rename kept"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/b/kept"))
    }
}
