import Foundation
import Testing
import TestSupport

/// A folder export over an existing file without `yes` is refused through
/// the machine faces too, and the file keeps its bytes; with `yes` it is
/// replaced. JSON lines refuses with `file.exists`; MCP asks first, as the
/// CLI and the TUI do, since the export destroys what the file held.
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

    @Test func mcpAsksBeforeReplacingAFileAndReplacesOnlyWithYes() throws {
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
        // An export over a file destroys it: MCP asks, as every face does,
        // with the screen's question, and writes nothing until `yes`.
        #expect("\(refused)".contains("needs_yes"), "\(refused)")
        #expect("\(refused)".contains("Replace \(existing)") || "\(refused)".contains("kept.json ("), "\(refused)")
        #expect("\(refused)".contains("This cannot be undone. Call again with yes: true to go ahead."), "\(refused)")
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
