import Foundation
import Testing
import TestSupport

/// What `facet --ui mcp` offers an agent, seen by the official Python MCP
/// client (Tests/MCPClient/mcp_sessions.py): a `tools/list` small enough for
/// an agent's context, tool groups picked with `--tools` whose tools work
/// alone, and `--read-only` offering nothing that changes data.
@Suite(.serialized, .tags(.mcp, .playlists, .folders))
struct MCPToolSelectionEndToEndTests {
    /// An agent's context holds `tools/list` before its first call.
    static let listBudget = 64 * 1024

    let work = TemporaryDirectory("facet-mcp-selection")

    func sessions(_ specs: [[String: Any]], home: String, environment: [String: String] = [:]) throws -> [[String: Any]] {
        let spec = String(decoding: try JSONSerialization.data(withJSONObject: specs), as: UTF8.self)
        let facts = try MCPClientScript.run(
            spec, home: home, work: work.path, environment: environment, script: MCPClientScript.sessionsPath)
        let sessions = facts["sessions"] as? [[String: Any]] ?? []
        #expect(sessions.count == specs.count)
        return sessions
    }

    func tools(_ session: [String: Any]) -> [String: [String: Any]] { session["tools"] as? [String: [String: Any]] ?? [:] }
    func calls(_ session: [String: Any]) -> [[String: Any]] { session["calls"] as? [[String: Any]] ?? [] }
    func structured(_ result: [String: Any]) -> [String: Any] { result["structuredContent"] as? [String: Any] ?? [:] }
    func screen(_ result: [String: Any]) -> String? { (structured(result)["snapshot"] as? [String: Any])?["screen"] as? String }
    func text(_ result: [String: Any]) -> String { ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "" }
    func refusal(_ result: [String: Any]) -> String { (result["protocolError"] as? [String: Any])?["message"] as? String ?? "" }

    /// The exact bytes of the `tools/list` answer on the wire.
    func wireBytes(_ arguments: [String], home: String) throws -> Int {
        let run = try FacetProcess.run(
            ["--ui", "mcp"] + arguments, home: home, stdin: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + "\n")
        #expect(run.status == 0)
        return run.stdout.split(separator: "\n").first?.utf8.count ?? 0
    }

    @Test func theDefaultListFitsTheBudgetAndItsSchemasHoldForRealResults() throws {
        let home = TemporaryDirectory("facet-home")
        let wire = try wireBytes([], home: home.path)
        #expect(wire > 1000 && wire < Self.listBudget, "tools/list is \(wire) bytes")
        #expect(try wireBytes(["--read-only"], home: home.path) < wire)
        #expect(try wireBytes(["--tools", "playlists"], home: home.path) < wire)

        // The client validates every result against the tool's output schema.
        let session = try sessions([[
            "calls": [["open_playlist", ["name": "Sample"]], ["screen_snapshot", ["handle": "h1"]],
                      ["playlist_filter", ["text": "a"]]],
        ]], home: home.path)[0]
        let size = session["listBytes"] as? Int ?? .max
        #expect(size < Self.listBudget, "the client's tools/list is \(size) bytes")
        let listed = tools(session)
        #expect(listed["screen_snapshot"]?["hasOutputSchema"] as? Bool == true)
        #expect(listed["playlist_filter"]?["hasOutputSchema"] as? Bool == true)
        for result in calls(session) {
            #expect(result["protocolError"] == nil, "\(result)")
            #expect(result["isError"] as? Bool == false)
            #expect(screen(result) == "playlist")
        }
    }

    /// Each group on its own: its tools and no other group's, and a call of
    /// its own works (the home is signed in and pointed at the fixtures, so
    /// stars and photos read from loopback servers).
    @Test func eachToolGroupAloneOffersItsToolsAndTheyWork() throws {
        let home = TemporaryDirectory("facet-home")
        let github = try FixtureServer(arguments: ["--stars", "12"])
        let photos = try PhotosFixtureServer.shared()
        // The player's group reaches a real MPD of its own.
        let mpd = try MPDServer()
        for command in [["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"],
                        ["settings", "set", "github-user", "octo"], ["settings", "set", "github-base-url", github.baseURL],
                        ["settings", "set", "photos-base-url", photos.baseURL()]] {
            let run = try FacetProcess.run(command, home: home.path)
            #expect(run.status == 0, "facet \(command.joined(separator: " ")): \(run.stderr)")
        }
        let tree = work.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/a", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: tree + "/a/file", contents: Data(count: 100))

        // A call per group; a group added to the registry must add one here.
        let probes: [String: (tool: String, arguments: [String: Any])] = [
            "playlists": ("open_playlists", [:]), "login": ("open_login", [:]), "whoami": ("open_whoami", [:]),
            "settings": ("open_settings", [:]), "folders": ("open_folders", ["path": tree]),
            "stars": ("open_stars", [:]), "photos": ("open_photos", [:]), "player": ("open_player", [:]),
        ]
        let help = try FacetProcess.run(["--ui", "mcp", "--help"], home: home.path)
        let groups = help.stdout.split(separator: "\n").first { $0.contains("--tools GROUPS") }
            .map { $0.split(separator: ":").last ?? "" }.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        #expect(Set(groups) == Set(probes.keys).union(["all"]), "groups: \(groups)")

        let names = probes.keys.sorted()
        var specs: [[String: Any]] = names.map { ["args": ["--tools", $0], "calls": [[probes[$0]!.tool, probes[$0]!.arguments]]] }
        specs.append(["args": [], "calls": []])
        specs.append(["args": ["--tools", "playlists,folders"], "calls": [["open_stars", [:]], ["open_folders", ["path": tree]]]])
        let results = try sessions(specs, home: home.path, environment: mpd.environment)
        let shared: Set<String> = ["screen_snapshot", "screen_close"]
        var seen: Set<String> = []
        for (index, group) in names.enumerated() {
            let own = Set(tools(results[index]).keys).subtracting(shared)
            #expect(own.contains(probes[group]!.tool), "\(group): \(own.sorted())")
            #expect(own.isDisjoint(with: seen), "\(group) repeats \(own.intersection(seen).sorted())")
            #expect(Set(tools(results[index]).keys).isSuperset(of: shared))
            seen.formUnion(own)
            let result = calls(results[index]).first ?? [:]
            #expect(result["isError"] as? Bool == false, "\(group): \(result)")
            #expect(screen(result) == group, "\(group): \(result)")
            #expect(text(result).contains("[\(group) h1, version"), "\(group): \(text(result))")
        }
        // The groups together are the default list.
        let everything = Set(tools(results[names.count]).keys)
        #expect(seen.union(shared) == everything)

        let two = results[names.count + 1]
        let twoGroups = Set(tools(results[names.firstIndex(of: "playlists")!]).keys)
            .union(tools(results[names.firstIndex(of: "folders")!]).keys)
        #expect(Set(tools(two).keys) == twoGroups)
        let hidden = calls(two)[0]
        #expect((hidden["protocolError"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(refusal(hidden).contains("tool group 'stars'") && refusal(hidden).contains("--tools"), "\(refusal(hidden))")
        #expect(screen(calls(two)[1]) == "folders")
    }

    @Test func readOnlyListsNoToolThatChangesDataAndRefusesOneByName() throws {
        let home = TemporaryDirectory("facet-home")
        let tree = work.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/victim/inner", withIntermediateDirectories: true)
        let results = try sessions([
            ["args": [], "calls": []],
            ["args": ["--read-only"], "calls": [
                ["playlists_delete", ["item": "Sample"]],
                ["open_folders", ["path": tree]],
                ["folders_delete", ["item": "victim", "yes": true]],
                ["open_playlists", [:]],
            ]],
        ], home: home.path)
        let all = tools(results[0])
        let offered = tools(results[1])
        #expect(offered.count > 4 && offered.count < all.count)
        let changing = Set(all.filter { ($0.value["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool != true }.keys)
        #expect(changing.contains("playlists_delete") && changing.contains("folders_delete"))
        #expect(Set(offered.keys).isDisjoint(with: changing), "offered: \(Set(offered.keys).intersection(changing).sorted())")
        for (name, tool) in offered {
            let hints = tool["annotations"] as? [String: Any] ?? [:]
            #expect(hints["readOnlyHint"] as? Bool == true && hints["destructiveHint"] as? Bool == false, "\(name)")
        }
        let calls = calls(results[1])
        for refused in [calls[0], calls[2]] {
            #expect((refused["protocolError"] as? [String: Any])?["code"] as? Int == -32602)
            #expect(refusal(refused).contains("changes data") && refusal(refused).contains("--read-only"), "\(refusal(refused))")
        }
        #expect(FileManager.default.fileExists(atPath: tree + "/victim/inner"))
        let playlists = ((structured(calls[3])["snapshot"] as? [String: Any])?["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect((playlists?["items"] as? [[String: Any]])?.contains { $0["title"] as? String == "Sample" } == true)
    }

    @Test func anUnknownGroupIsAUsageErrorListingTheGroups() throws {
        let home = TemporaryDirectory("facet-home")
        for arguments in [["--tools", "songs"], ["--tools"], ["--tools="]] {
            let run = try FacetProcess.run(["--ui", "mcp"] + arguments, home: home.path, stdin: "")
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("playlists, ") && run.stderr.contains("folders") && run.stderr.contains("all)"), "\(run.stderr)")
        }
        let known = try FacetProcess.run(["--ui", "mcp", "--tools=folders,playlists"], home: home.path, stdin: "")
        #expect(known.status == 0, "\(known.stderr)")
    }
}
