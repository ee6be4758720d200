import Foundation
import Testing
import TestSupport

/// A folder export over an existing file without `yes` is refused with
/// `file.exists` through the machine faces too, and the file keeps its
/// bytes; with `yes` it is replaced. (The CLI asks; JSON lines and MCP have
/// no terminal to ask on, so the refusal is all that protects the file.)
@Suite(.serialized, .tags(.jsonl, .mcp, .folders)) struct FolderExportOverwriteTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-export-tree")
    let work = TemporaryDirectory("facet-export-out")

    var existing: String { work.path + "/kept.json" }
    let kept = "precious, not an export\n"

    func contents() -> String { (try? String(contentsOfFile: existing, encoding: .utf8)) ?? "" }

    @Test func jsonLinesRefusesWithFileExistsAndReplacesOnlyWithYes() throws {
        tree.file("a/f", "12345")
        work.file("kept.json", kept)
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": tree.path]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let refused = try session.request("screen.perform", ["handle": handle, "action": "export", "args": ["file": existing]])
        let error = refused["error"] as? [String: Any]
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "file.exists", "\(refused)")
        #expect(error?["code"] as? Int == -32000)
        #expect(contents() == kept)
        let replaced = try session.request(
            "screen.perform", ["handle": handle, "action": "export", "args": ["file": existing, "yes": true]])
        #expect(replaced["error"] == nil, "\(replaced)")
        #expect(try session.finish() == 0)
        #expect(contents().hasPrefix("[1,"), "\(contents().prefix(80))")
    }

    @Test func mcpRefusesWithFileExistsAndReplacesOnlyWithYes() throws {
        tree.file("a/f", "12345")
        work.file("kept.json", kept)
        let spec: [[String: Any]] = [[
            "calls": [
                ["open_folders", ["path": tree.path]],
                ["folders_export", ["file": existing]],
            ],
        ]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let facts = try MCPClientScript.run(text, home: home.path, work: work.path, script: MCPClientScript.sessionsPath)
        let calls = (facts["sessions"] as? [[String: Any]])?.first?["calls"] as? [[String: Any]] ?? []
        #expect(calls.count == 2)
        let refused = calls.last ?? [:]
        #expect(refused["isError"] as? Bool == true, "\(refused)")
        #expect("\(refused)".contains("already exists; nothing was written"), "\(refused)")
        #expect(contents() == kept)

        let again = String(decoding: try JSONSerialization.data(withJSONObject: [[
            "calls": [["open_folders", ["path": tree.path]], ["folders_export", ["file": existing, "yes": true]]],
        ]]), as: UTF8.self)
        let replaced = try MCPClientScript.run(again, home: home.path, work: work.path, script: MCPClientScript.sessionsPath)
        let last = ((replaced["sessions"] as? [[String: Any]])?.first?["calls"] as? [[String: Any]])?.last ?? [:]
        #expect(last["isError"] as? Bool == false, "\(last)")
        #expect(contents().hasPrefix("[1,"), "\(contents().prefix(80))")
    }
}
