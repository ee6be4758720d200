import Foundation
import Testing
import TestSupport

/// Every face derives its safety from the action's declared effect, for
/// every action of every screen the built binary registers: MCP's
/// annotations and its `yes` argument, the note `facet help` prints after a
/// summary, and whether the CLI and MCP ask. The same deletion then asks
/// the same way through MCP (the official Python client) as through the CLI.
@Suite(.serialized, .tags(.mcp, .cli, .playlists, .folders))
struct EffectRulesEndToEndTests {
    let work = TemporaryDirectory("facet-effect-rules")

    /// One action as `screens.list` declares it.
    struct Declared: CustomStringConvertible {
        var screen: String
        var name: String
        var effect: String
        var network: Bool
        var declaresYes: Bool
        var description: String { "\(screen) \(name) (\(effect)\(network ? ", network" : ""))" }

        var asksFirst: Bool { ["removes", "destroys"].contains(effect) }
        var destructive: Bool { ["replaces", "removes", "destroys"].contains(effect) }
        var idempotent: Bool { ["view", "replaces", "removes", "destroys"].contains(effect) }

        /// The note `facet help SCREEN` prints after the summary.
        var note: String? {
            var parts: [String] = []
            switch effect {
            case "removes": parts.append("asks, or --yes; undo brings it back")
            case "destroys": parts.append("asks, or --yes; cannot be undone")
            case "replaces": parts.append("replaces the cached copy")
            default: break
            }
            if network { parts.append("reaches the network") }
            return parts.isEmpty ? nil : "(" + parts.joined(separator: "; ") + ")"
        }
    }

    func declaredActions(home: String) throws -> [Declared] {
        let run = try FacetProcess.run(
            ["--ui", "jsonl"], home: home, stdin: #"{"jsonrpc":"2.0","id":1,"method":"screens.list"}"# + "\n")
        #expect(run.status == 0)
        let reply = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let screens = reply?["result"] as? [[String: Any]] ?? []
        var all: [Declared] = []
        for screen in screens {
            for action in screen["actions"] as? [[String: Any]] ?? [] {
                let params = action["params"] as? [[String: Any]] ?? []
                all.append(Declared(
                    screen: screen["id"] as? String ?? "?", name: action["name"] as? String ?? "?",
                    effect: action["effect"] as? String ?? "?", network: action["network"] as? Bool ?? false,
                    declaresYes: params.contains { $0["name"] as? String == "yes" }))
            }
        }
        return all
    }

    func sessions(_ specs: [[String: Any]], home: String) throws -> [[String: Any]] {
        let spec = String(decoding: try JSONSerialization.data(withJSONObject: specs), as: UTF8.self)
        let facts = try MCPClientScript.run(spec, home: home, work: work.path, script: MCPClientScript.sessionsPath)
        return facts["sessions"] as? [[String: Any]] ?? []
    }

    func text(_ result: [String: Any]) -> String { ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "" }

    @Test func everyActionsHintsHelpNoteAndYesFollowItsEffect() throws {
        let home = TemporaryDirectory("facet-home")
        let actions = try declaredActions(home: home.path)
        #expect(actions.count > 40, "\(actions.count) actions")
        #expect(actions.contains { $0.asksFirst } && actions.contains { $0.effect == "view" })
        let tools = try sessions([["calls": []]], home: home.path).first?["tools"] as? [String: [String: Any]] ?? [:]
        var helps: [String: [String]] = [:]
        for action in actions {
            let tool = tools["\(action.screen)_\(action.name)"]
            // These move a drawn window: MCP offers `page` and `load-more` instead.
            if ["scroll-to", "load-previous"].contains(action.name) {
                #expect(tool == nil, "MCP offers \(action)")
                continue
            }
            #expect(tool != nil, "no tool for \(action)")
            let hints = tool?["annotations"] as? [String: Any] ?? [:]
            #expect(hints["readOnlyHint"] as? Bool == (action.effect == "view"), "readOnlyHint of \(action)")
            #expect(hints["destructiveHint"] as? Bool == action.destructive, "destructiveHint of \(action)")
            #expect(hints["idempotentHint"] as? Bool == action.idempotent, "idempotentHint of \(action)")
            #expect(hints["openWorldHint"] as? Bool == action.network, "openWorldHint of \(action)")
            let properties = (tool?["inputSchema"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
            #expect((properties["yes"] != nil) == (action.asksFirst || action.declaresYes), "yes of \(action)")

            if helps[action.screen] == nil {
                let help = try FacetProcess.run(["help", action.screen], home: home.path)
                #expect(help.status == 0)
                helps[action.screen] = help.stdout.split(separator: "\n").map(String.init)
            }
            let line = helps[action.screen]?.first { $0.hasPrefix("  \(action.name) ") } ?? ""
            #expect(!line.isEmpty, "help lists \(action)")
            if let note = action.note {
                #expect(line.hasSuffix(" " + note), "help note of \(action): \(line)")
            } else {
                for note in ["(asks", "(replaces the cached copy)", "(reaches the network)"] {
                    #expect(!line.contains(note), "help note of \(action): \(line)")
                }
            }
            #expect(line.contains("asks, or --yes") == action.asksFirst, "\(action): \(line)")
        }
        for (name, tool) in tools where name.hasPrefix("open_") || name == "screen_snapshot" || name == "screen_close" {
            let hints = tool["annotations"] as? [String: Any] ?? [:]
            #expect(hints["readOnlyHint"] as? Bool == true && hints["idempotentHint"] as? Bool == true, "\(name)")
        }
    }

    /// Needs the converted view models: `playlist move-up` changes (it was
    /// declared to destroy before).
    @Test func openingAURLAndMovingASongAreNotDestructive() throws {
        let home = TemporaryDirectory("facet-home")
        let tools = try sessions([["calls": []]], home: home.path).first?["tools"] as? [String: [String: Any]] ?? [:]
        for name in ["stars_open-url", "playlist_move-up"] {
            let hints = tools[name]?["annotations"] as? [String: Any] ?? [:]
            #expect(hints["destructiveHint"] as? Bool == false, "\(name): \(hints)")
        }
    }

    /// Without `yes: true` a removal and a deletion change nothing and
    /// answer with the screen's question, ending in what their effect says
    /// of undoing them; with it they run.
    @Test func theSameDeletionAsksTheSameWayThroughMCP() throws {
        let home = TemporaryDirectory("facet-home")
        let tree = work.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/victim/inner", withIntermediateDirectories: true)
        let calls = try sessions([[
            "calls": [
                ["playlists_delete", ["item": "Sample"]],
                ["open_folders", ["path": tree]],
                ["folders_delete", ["item": "victim"]],
                ["open_playlists", [:]],
                ["folders_delete", ["item": "victim", "yes": true]],
            ],
        ]], home: home.path).first?["calls"] as? [[String: Any]] ?? []
        #expect(calls.count == 5)
        guard calls.count == 5 else { return }
        let goAhead = " Call again with yes: true to go ahead."
        #expect(calls[0]["isError"] as? Bool == true)
        #expect(text(calls[0]).hasPrefix("Delete playlist \"Sample\""), "\(text(calls[0]))")
        #expect(text(calls[0]).hasSuffix("`u` undoes it." + goAhead), "\(text(calls[0]))")
        #expect(calls[2]["isError"] as? Bool == true)
        #expect(text(calls[2]).hasPrefix("Delete victim"), "\(text(calls[2]))")
        #expect(text(calls[2]).hasSuffix("This cannot be undone." + goAhead), "\(text(calls[2]))")
        let playlists = ((calls[3]["structuredContent"] as? [String: Any])?["snapshot"] as? [String: Any])
            .flatMap { ($0["content"] as? [String: Any])?["list"] as? [String: Any] }
        #expect((playlists?["items"] as? [[String: Any]])?.contains { $0["title"] as? String == "Sample" } == true,
            "a question deletes nothing")
        #expect(calls[4]["isError"] as? Bool == false, "\(text(calls[4]))")
        #expect(!FileManager.default.fileExists(atPath: tree + "/victim"), "yes: true deletes")
    }

    /// The CLI asks for a removal too (not only for what cannot be undone):
    /// off a terminal it refuses with exit 3 and changes nothing; and help
    /// lists each field's id beside its label, any case of an id selects it.
    @Test func theCLIAsksForARemovalAndFieldsTakeAnyCase() throws {
        let home = TemporaryDirectory("facet-home")
        let refused = try FacetProcess.run(["playlists", "delete", "Sample"], home: home.path, stdin: "")
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("`u` undoes it."), "\(refused.stderr)")
        let fields = try FacetProcess.run(["playlists", "--fields", "NAME,Songs"], home: home.path)
        #expect(fields.status == 0)
        #expect(fields.stdout.contains(#"{"name":"Sample","songs":7}"#), "\(fields.stdout)")
        let help = try FacetProcess.run(["help", "playlists"], home: home.path)
        #expect(help.stdout.contains("  name      Playlist"), "\(help.stdout)")
        #expect(help.stdout.contains("--sort takes a sorting field's id or its label, case ignored."))
        // `--sort` takes the id or the label, in any case; the screen gets the id.
        for (given, id) in [("SONGS", "songs"), ("Playlist", "name"), ("imported", "imported")] {
            let sorted = try FacetProcess.run(["playlists", "--sort", given, "--json"], home: home.path)
            #expect(sorted.status == 0, "\(given): \(sorted.stderr)")
            let snapshot = try? JSONSerialization.jsonObject(with: Data(sorted.stdout.utf8)) as? [String: Any]
            let list = (snapshot?["content"] as? [String: Any])?["list"] as? [String: Any]
            #expect(list?["sort"] as? String == id, "\(given)")
        }
    }
}
