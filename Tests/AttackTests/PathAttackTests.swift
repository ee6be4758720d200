import Foundation
import Testing
import TestSupport

/// The real binary acts on exactly the folder the user named.
@Suite struct PathAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-paths")

    @Test func aCommandLinePathThatIsNotUTF8RenamesThatFolderOnly() async throws {
        let script = #"""
        cd "$1" && mkdir $'\xff\xff' $'\xef\xbf\xbd\xef\xbf\xbd' &&
        "$FACET" folder-rename "$1"/$'\xff\xff' rename Renamed && ls -b "$1" | sort
        """#
        let result = try await Attack.shell(script.replacingOccurrences(of: "$1", with: dir.path), home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        // The look-alike named U+FFFD U+FFFD is untouched; \xff\xff is gone.
        #expect(result.out.split(separator: "\n").contains("Renamed"))
        #expect(result.out.split(separator: "\n").contains("\u{FFFD}\u{FFFD}"))
        #expect(!result.out.contains("\\377"), "\(result.out)")
    }

    @Test func aNulInAJSONRPCPathIsRefusedAndNothingIsRenamed() async throws {
        dir.directory("victim")
        let session = try JSONLSession(home: home.path)
        let reply = try session.request(
            "screen.open", ["screen": "folder-rename", "params": ["path": dir.path + "/victim\u{0}-does-not-exist"]])
        let error = reply["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32602, "\(reply)")
        let scan = try session.request("screen.open", ["screen": "folders", "params": ["path": dir.path + "\u{0}/anything"]])
        #expect((scan["error"] as? [String: Any])?["code"] as? Int == -32602, "\(scan)")
        #expect(try session.finish() == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/victim"))
    }

    @Test func dotDotAfterASymlinkRenamesWhatTheKernelMeans() async throws {
        dir.directory("a")
        dir.directory("b/c")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/a/link", withDestinationPath: dir.path + "/b/c")
        let result = try await Attack.shell(#""$FACET" folder-rename "$1/a/link/.." rename moved"#
            .replacingOccurrences(of: "$1", with: dir.path), home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        // The kernel's /a/link/.. is /b: /a stays.
        #expect(names == ["a", "moved"])
    }
}
