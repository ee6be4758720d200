import Foundation
import Testing
import TestSupport

/// One folder scenario through the CLI (`--json`) and JSON lines must end in
/// the same snapshot: both render the same view model.
@Suite(.serialized, .tags(.folders, .cli, .jsonl)) struct FolderConformanceTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-tree")

    func parsed(_ text: String) -> NSDictionary {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary) ?? [:]
    }

    func jsonl(_ screen: String, _ params: [String: Any], action: String? = nil, args: [String: Any] = [:]) throws -> NSDictionary {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": screen, "params": params])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        if let action {
            _ = try session.request("screen.perform", ["handle": handle, "action": action, "args": args])
        }
        let waited = try session.request("screen.wait", ["handle": handle])
        #expect(try session.finish() == 0)
        return NSDictionary(dictionary: (waited["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:])
    }

    @Test func sortedFolderListIsIdenticalInCLIAndJSONLines() throws {
        tree.file("a/x", String(repeating: "x", count: 5000))
        tree.file("b/y/z", "zz")
        tree.file("c/ünï 😀/w", "w")
        let cli = try FacetProcess.run(["folders", tree.path, "--sort", "name", "sort", "bytes", "--json"], home: home.path)
        #expect(cli.status == 0)
        let expected = parsed(cli.stdout)
        #expect(expected.count > 0)
        #expect(try jsonl("folders", ["path": tree.path, "sort": "name"], action: "sort", args: ["by": "bytes"]) == expected)
    }

    @Test func detailAndRenameAreIdenticalInCLIAndJSONLines() throws {
        tree.file("a/x", String(repeating: "x", count: 5000))
        let cliDetail = try FacetProcess.run(["folder", tree.path + "/a", "--json"], home: home.path)
        #expect(try jsonl("folder", ["path": tree.path + "/a"]) == parsed(cliDetail.stdout))

        let cliRename = try FacetProcess.run(["folder-rename", tree.path + "/a", "rename", "b", "--json"], home: home.path)
        #expect(cliRename.status == 0)
        #expect(rename(tree.path + "/b", tree.path + "/a") == 0)  // put it back for the second front end
        let viaJSONL = try jsonl("folder-rename", ["path": tree.path + "/a"], action: "rename", args: ["name": "b"])
        #expect(viaJSONL == parsed(cliRename.stdout))
        #expect(viaJSONL["title"] as? String == "Rename b")
    }
}
