import Foundation
import Testing
import TestSupport

/// `facet --ui mcp` driven end to end: by the official Python MCP client (an
/// independent implementation of the protocol) and by raw lines for input
/// no client library would send.
@Suite(.tags(.playlists, .folders, .mcp, .cli)) struct MCPEndToEndTests {
    let files = TemporaryDirectory("facet-mcp-files")

    /// Runs the Python client in a mode; returns the facts it printed.
    func client(_ mode: String, home: String) throws -> [String: Any] {
        try MCPClientScript.run(mode, home: home, work: files.path)
    }

    @Test func thePythonClientImportsSearchesRenamesReadsAndHearsUpdates() throws {
        let home = TemporaryDirectory("facet-home")
        let facts = try client("scenario", home: home.path)
        #expect(["2025-11-25", "2025-06-18"].contains(facts["protocolVersion"] as? String))
        #expect(facts["serverName"] as? String == "facet")

        let tools = facts["tools"] as? [String] ?? []
        for name in ["open_playlists", "playlists_import", "open_playlist", "playlist_filter", "open_folders",
                     "folders_rename", "folder-rename_rename", "screen_snapshot", "open_login", "settings_save"] {
            #expect(tools.contains(name), "no tool \(name)")
        }
        let hints = facts["annotations"] as? [String: [String: Any]] ?? [:]
        #expect(hints["playlist_delete"]?["destructiveHint"] as? Bool == true)
        #expect(hints["playlist_remove-song"]?["destructiveHint"] as? Bool == true)
        #expect(hints["playlist_filter"]?["readOnlyHint"] as? Bool == true)
        #expect(hints["playlists_import"]?["readOnlyHint"] as? Bool == false)
        #expect(hints["playlists_import"]?["destructiveHint"] as? Bool == false)
        let schema = facts["importSchema"] as? [String: Any] ?? [:]
        #expect(schema["required"] as? [String] == ["path"])

        let imported = facts["import"] as? [String: Any] ?? [:]
        #expect(imported["isError"] as? Bool == false)
        let playlists = imported["rows"] as? [[String: Any]] ?? []
        let road = playlists.first { $0["title"] as? String == "Road Trip" }
        #expect((road?["values"] as? [String: Any])?["name"] as? String == "Road Trip")
        #expect((road?["values"] as? [String: Any])?["songs"] as? Int == 3)
        #expect((imported["status"] as? [String: Any])?["message"] as? String == #"Imported 3 songs into "Road Trip"."#)
        #expect((imported["text"] as? String)?.contains(#"Imported 3 songs into "Road Trip"."#) == true)

        let search = facts["search"] as? [String: Any] ?? [:]
        let songs = search["rows"] as? [[String: Any]] ?? []
        #expect(songs.map { $0["title"] as? String } == ["Bohemian Rhapsody", "Don't Stop Me Now"])
        #expect(songs.map { $0["id"] as? String } == ["1", "3"])
        let handle = search["handle"] as? String ?? "?"
        #expect((facts["updates"] as? [String])?.contains("facet://screen/\(handle)") == true)
        #expect((facts["resources"] as? [String])?.contains("facet://screen/\(handle)") == true)

        let resource = facts["resource"] as? [String: Any] ?? [:]
        #expect(resource["mimeType"] as? String == "application/json")
        let read = resource["snapshot"] as? [String: Any] ?? [:]
        #expect(((read["content"] as? [String: Any])?["list"] as? [String: Any])?["filter"] as? String == "queen")
        #expect(NSDictionary(dictionary: read) == NSDictionary(dictionary: facts["snapshotTool"] as? [String: Any] ?? [:]))

        #expect(facts["renameOpened"] as? String == "folder-rename")
        let rename = facts["rename"] as? [String: Any] ?? [:]
        #expect(rename["isError"] as? Bool == false)
        #expect(rename["dirs"] as? [String] == ["new-name"])

        let errors = facts["errors"] as? [String: [String: Any]] ?? [:]
        #expect(errors["missingFile"]?["isError"] as? Bool == true)
        // The import fails after its call returned (it runs on): still an error result.
        let missing = (errors["missingFile"]?["structuredContent"] as? [String: Any])?["error"] as? [String: Any]
        #expect((missing?["message"] as? String)?.contains("missing.m3u") == true)
        #expect((errors["unknownTool"]?["protocolError"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(errors["badArguments"]?["isError"] as? Bool == true)
        #expect(errors["disabled"]?["isError"] as? Bool == true)
        #expect(facts["pingAfterErrors"] as? Bool == true)
    }

    @Test func thePlaylistScenarioEndsInTheSameSnapshotAsTheCLI() throws {
        let home = TemporaryDirectory("facet-home")
        let facts = try client("conformance", home: home.path)
        let cli = try FacetProcess.run(["playlist", "Sample", "--sort", "title", "filter", "o", "--json"], home: home.path)
        #expect(cli.status == 0)
        let expected = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(expected.count > 0)
        #expect(NSDictionary(dictionary: facts["filtered"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: expected))

        let cliHome = TemporaryDirectory("facet-home")
        let path = facts["tripPath"] as? String ?? ""
        let cliImport = try FacetProcess.run(["playlists", "import", path, "--json"], home: cliHome.path)
        #expect(cliImport.status == 0)
        let imported = try JSONSerialization.jsonObject(with: Data(cliImport.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(NSDictionary(dictionary: Self.withoutTimes(facts["imported"])) == NSDictionary(dictionary: Self.withoutTimes(imported)))
    }

    /// The snapshot without the `imported` times, which differ by the run's
    /// second (the two imports are separate runs).
    static func withoutTimes(_ snapshot: Any?) -> [String: Any] {
        guard var root = snapshot as? [String: Any], var content = root["content"] as? [String: Any],
              var list = content["list"] as? [String: Any], let items = list["items"] as? [[String: Any]] else { return [:] }
        list["items"] = items.map { item -> [String: Any] in
            var item = item
            for key in ["values", "cells"] {
                if var fields = item[key] as? [String: Any] { fields["imported"] = nil; item[key] = fields }
            }
            return item
        }
        content["list"] = list
        root["content"] = content
        return root
    }

    @Test func badInputGetsErrorsAndTheServerKeepsRunningUntilEndOfInput() throws {
        let home = TemporaryDirectory("facet-home")
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "this is not json",
            #"{"jsonrpc":"2.0","id":2,"method":"no/such/method"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"playlist_page","arguments":{"number":[1]}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"open_playlists","arguments":"nope"}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"screen.open","params":{"screen":"playlists"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"open_playlists"}}"#,
        ]
        let run = try FacetProcess.run(["--ui", "mcp"], home: home.path, stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        let replies = run.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) ?? ["unparsable": String($0)]
        }
        // Only whole JSON-RPC messages on stdout; notifications carry no id.
        #expect(replies.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        func reply(_ id: Int?) -> [String: Any]? {
            replies.first { ($0["id"] as? Int) == id && (id != nil || $0["method"] == nil) }
        }
        func code(_ id: Int?) -> Int? { (reply(id)?["error"] as? [String: Any])?["code"] as? Int }
        #expect((reply(1)?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
        #expect(code(nil) == -32700)
        #expect(code(2) == -32601)
        #expect(code(3) == -32602)
        #expect(((reply(4)?["result"] as? [String: Any])?["isError"] as? Bool) == true)
        #expect(code(5) == -32602)
        #expect(code(6) == -32601)  // the JSON-lines methods are not part of MCP
        let opened = reply(7)?["result"] as? [String: Any]
        #expect(opened?["isError"] as? Bool == false)
        #expect(((opened?["structuredContent"] as? [String: Any])?["snapshot"] as? [String: Any])?["screen"] as? String == "playlists")
    }

    /// A client that stops reading while it keeps writing: the pipe fills,
    /// the server waits, and every message still arrives whole and in order.
    @Test func underBackPressureEveryResponseIsWholeAndInOrder() throws {
        let home = TemporaryDirectory("facet-home")
        let count = 2000
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"open_playlist","arguments":{"name":"Sample"}}}"#]
        for id in 1...count {
            lines.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"screen_snapshot","arguments":{"handle":"h1"}}}"#)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FacetProcess.binary)
        process.arguments = ["--ui", "mcp"]
        process.environment = FacetProcess.environment(home: home.path)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lifetime = ChildDeadline(process, seconds: 300)
        let payload = Data((lines.joined(separator: "\n") + "\n").utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(payload)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // Nobody reads until the server's output pipe is full: it must wait.
        let readEnd = output.fileHandleForReading.fileDescriptor
        let capacity = Int(fcntl(readEnd, 1032))  // F_GETPIPE_SZ, which Glibc does not export
        var waiting: Int32 = 0
        let deadline = Date().addingTimeInterval(60)
        while ioctl(readEnd, UInt(FIONREAD), &waiting) == 0, Int(waiting) < capacity, Date() < deadline {
            usleep(5_000)
        }
        #expect(Int(waiting) >= capacity, "the server's output pipe never filled (\(waiting) of \(capacity) bytes)")
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        lifetime.finish()
        #expect(!lifetime.expired, "the MCP server ran past its deadline")
        #expect(process.terminationStatus == 0)
        let replies = data.split(separator: UInt8(ascii: "\n")).map {
            (try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) ?? [:]
        }
        #expect(replies.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        let ids = replies.compactMap { $0["id"] as? Int }
        #expect(ids == Array(0...count))
        #expect(data.count > 1 << 20)  // far more than a pipe holds
    }

    @Test func readOnlyOffersNoToolThatChangesData() throws {
        let home = TemporaryDirectory("facet-home")
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"playlists_delete","arguments":{"item":"Sample"}}}"#,
        ]
        let run = try FacetProcess.run(["--ui", "mcp", "--read-only"], home: home.path, stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        let replies = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let tools = ((replies.first?["result"] as? [String: Any])?["tools"] as? [[String: Any]]) ?? []
        #expect(tools.count > 4)
        #expect(tools.allSatisfy { ($0["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == true })
        #expect(!tools.contains { $0["name"] as? String == "playlists_delete" })
        #expect(((replies.last?["error"] as? [String: Any])?["code"] as? Int) == -32602)

        let bad = try FacetProcess.run(["--ui", "mcp", "--bogus"], home: home.path, stdin: "")
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--read-only"))
    }
}
