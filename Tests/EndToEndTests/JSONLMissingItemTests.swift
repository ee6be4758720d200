import Foundation
import Testing
import TestSupport

/// `screen.open` on an item that does not exist answers with the protocol's
/// not-found error (-32001) and a message naming the item, as the README
/// promises, instead of a handle to a screen that can only show the error.
/// A real JSON-lines session of the built binary on a real home.
@Suite struct JSONLMissingItemTests {
    let home = TemporaryDirectory("facet-jsonl-missing")
    let tree = TemporaryDirectory("facet-jsonl-missing-tree")

    @Test func openingAMissingItemIsNotFound() throws {
        #expect(try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path).status == 0)
        #expect(try FacetProcess.run(["settings", "set", "github-user", "octocat"], home: home.path).status == 0)
        let missing = tree.path + "/no-such-folder"
        let session = try JSONLSession(home: home.path)
        let cases: [(screen: String, params: [String: Any], code: String, words: String)] = [
            ("playlist", ["name": "No Such List"], "playlist.not_found", "No Such List"),
            ("folders", ["path": missing], "folder.not_found", "no-such-folder"),
            ("photo", ["id": 424_242], "photos.not_found", "424242"),
            ("repo", ["name": "nobody/nothing"], "stars.not_found", "nobody/nothing"),
        ]
        for (screen, params, code, words) in cases {
            let response = try session.request("screen.open", ["screen": screen, "params": params])
            let error = response["error"] as? [String: Any]
            #expect(response["result"] == nil, "\(screen): \(response)")
            #expect(error?["code"] as? Int == -32001, "\(screen): \(response)")
            #expect((error?["data"] as? [String: Any])?["code"] as? String == code, "\(screen)")
            #expect((error?["message"] as? String)?.contains(words) == true, "\(screen): \(error ?? [:])")
        }
        // An item that exists still opens; the session is alive.
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": tree.path]])
        #expect((opened["result"] as? [String: Any])?["handle"] is String, "\(opened)")
        #expect(try session.finish() == 0)
    }
}
