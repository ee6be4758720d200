import Foundation
import Testing
import TestSupport

/// The schema `rpc.discover` publishes describes what the server really
/// sends: every registered screen is opened (the real binary, a temporary
/// FACET_HOME, real folders and playlist files), signed out and signed in,
/// and each snapshot is checked by an independent validator (Python's
/// `jsonschema`, Tools/schema/validate_snapshots.py), down to each row's
/// typed values against its columns' types.
@Suite struct SnapshotSchemaTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    static let validator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/schema/validate_snapshots.py").path

    func result(_ message: [String: Any]) -> [String: Any] { message["result"] as? [String: Any] ?? [:] }

    /// The parameters each screen is opened with, several times for screens
    /// whose content differs by parameter. A screen with a required parameter
    /// missing here fails the test: a new screen must be covered.
    func variants(tree: String, playlist: String) -> [String: [[String: Any]]] {
        [
            "playlist": [["name": "Sample"], ["name": playlist], ["name": playlist, "sort": "title", "filter": "queen"]],
            "folders": [["path": tree], ["path": tree, "files": true, "sort": "name"]],
            "folder": [["path": tree], ["path": tree + "/alpha"]],
            "folder-rename": [["path": tree + "/alpha"]],
            "login": [[:], ["first-name": "Ada", "last-name": "Lovelace"]],
            // Ids the loopback stand-ins serve (user `octo`'s stars; photo 7).
            "repo": [["name": "owner1/project-00001"]],
            "photo": [["id": 7]],
        ]
    }

    @Test func everyScreensSnapshotMatchesThePublishedSchema() throws {
        let tree = files.path + "/tree"
        files.file("tree/alpha/f", String(repeating: "x", count: 5000))
        files.file("tree/alpha/deeper/g", "12")
        files.file("tree/beta/h", "1")
        files.file("tree/top.txt", "top")
        let m3u = files.file("road.m3u", "#EXTM3U\n#EXTINF:215,Queen - Bohemian Rhapsody\nbohemian.mp3\n#EXTINF:-1,Unknown\nx.mp3\n")

        let github = try FixtureServer()
        let photos = try PhotosFixtureServer()
        let session = try JSONLSession(home: home.path)
        let discover = result(try session.request("rpc.discover"))
        let screens = try session.request("screens.list")["result"] as? [[String: Any]] ?? []
        #expect(screens.count >= 8)
        var snapshots: [[String: Any]] = []

        func capture(_ screen: String, _ params: [String: Any]) throws -> String? {
            let opened = try session.request("screen.open", ["screen": screen, "params": params])
            guard let handle = result(opened)["handle"] as? String else {
                // An item that does not exist yet (a photo before any is
                // cached) is the protocol's not-found, with no snapshot to check.
                if (opened["error"] as? [String: Any])?["code"] as? Int == -32001 { return nil }
                Issue.record("\(screen) \(params) did not open: \(opened)")
                return nil
            }
            let settled = try session.request("screen.wait", ["handle": handle], timeout: 60)
            snapshots.append(["screen": screen, "snapshot": result(settled)["snapshot"] ?? [:]])
            return handle
        }

        // An imported playlist (durations, an absolute source) besides the sample.
        if let handle = try capture("playlists", [:]) {
            _ = try session.request("screen.perform", ["handle": handle, "action": "import", "args": ["path": m3u]])
            let settled = try session.request("screen.wait", ["handle": handle], timeout: 60)
            snapshots.append(["screen": "playlists", "snapshot": result(settled)["snapshot"] ?? [:]])
        }

        let variants = variants(tree: tree, playlist: "road")
        for signedIn in [false, true] {
            if signedIn {
                // Sign in through the login screen's own submit action.
                let handle = try capture("login", ["first-name": "Ada", "last-name": "Lovelace"]) ?? ""
                let form = ((snapshots.last?["snapshot"] as? [String: Any])?["content"] as? [String: Any])?["form"] as? [String: Any]
                let submit = form?["submitAction"] as? String ?? ""
                let reply = try session.request("screen.perform", ["handle": handle, "action": submit])
                #expect(reply["result"] != nil, "sign-in failed: \(reply)")
                // The signed-in user's GitHub and photos APIs are the loopback
                // stand-ins, so the stars, repository and photo screens have data.
                let settings = try FacetProcess.run([
                    "settings", "set-field", "github-base-url", github.baseURL, "set-field", "github-user", "octo",
                    "set-field", "photos-base-url", try photos.baseURL(),
                ], home: home.path)
                #expect(settings.status == 0, "\(settings.stderr)")
            }
            for screen in screens {
                let id = screen["id"] as? String ?? ""
                let required = (screen["params"] as? [[String: Any]] ?? []).filter { $0["required"] as? Bool == true }
                let cases = variants[id] ?? [[:]]
                for params in cases {
                    let missing = required.compactMap { $0["name"] as? String }.filter { params[$0] == nil }
                    if !missing.isEmpty {
                        Issue.record("no fixture for screen '\(id)' parameter(s) \(missing): add one to SnapshotSchemaTests")
                        continue
                    }
                    _ = try capture(id, params)
                }
            }
        }
        #expect(try session.finish() == 0)

        // Every registered screen was seen.
        let seen = Set(snapshots.compactMap { $0["screen"] as? String })
        #expect(seen == Set(screens.compactMap { $0["id"] as? String }))

        let input = files.path + "/schema-input.json"
        let data = try JSONSerialization.data(withJSONObject: ["discover": discover, "screens": screens, "snapshots": snapshots])
        try data.write(to: URL(fileURLWithPath: input))
        let (status, output) = try Self.python([Self.validator, input])
        #expect(status == 0, "\n\(output)")
        #expect(output.contains("ok: "), "\n\(output)")
    }

    /// The validator catches a snapshot that breaks the schema (so a pass
    /// above means something).
    @Test func theValidatorRejectsAWrongSnapshot() throws {
        let session = try JSONLSession(home: home.path)
        let discover = result(try session.request("rpc.discover"))
        let screens = try session.request("screens.list")["result"] as? [[String: Any]] ?? []
        #expect(try session.finish() == 0)
        let wrong: [String: Any] = [
            "screen": "playlists", "title": "Playlists", "status": ["kind": "sleeping"], "actions": [],
            "content": ["list": [
                "items": [["id": "a", "title": "a", "values": ["size": "12 KB", "where": "relative/path"], "cells": [:], "badges": []]],
                "offset": 0, "total": 1, "hasMore": false, "loadingMore": false, "emptyMessage": "",
                "columns": [["id": "size", "label": "Size", "type": "bytes", "alignment": "trailing", "priority": 1],
                            ["id": "where", "label": "Where", "type": "path", "alignment": "leading", "priority": 1]],
            ]],
        ]
        let input = files.path + "/wrong.json"
        let data = try JSONSerialization.data(withJSONObject: [
            "discover": discover, "screens": screens, "snapshots": [["screen": "playlists", "snapshot": wrong]],
        ])
        try data.write(to: URL(fileURLWithPath: input))
        let (status, output) = try Self.python([Self.validator, input])
        #expect(status == 1)
        #expect(output.contains("sleeping"), "\n\(output)")
        #expect(output.contains("not a valid 'bytes'"), "\n\(output)")
        #expect(output.contains("not a valid 'path'"), "\n\(output)")
    }

    /// Runs python3 from the test's own PATH (where Tools/install-deps.sh
    /// put `jsonschema`).
    static func python(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = ChildDeadline(process, seconds: 300)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("python3 \(arguments.joined(separator: " "))", stderr: String(decoding: output, as: UTF8.self)) }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
