import Foundation
import Testing
import TestSupport

/// A client of `facet serve` with Stars open, when another process (a CLI
/// run without `--connect`) signs in and saves the GitHub user: the server reads the
/// settings again and the client is told of that user's list, as it is of
/// any other data committed elsewhere.
@Suite struct SettingsAcrossProcessesServeTests {
    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func aGitHubUserSavedElsewhereReachesAConnectedClient() throws {
        let server = try ServerProcess()
        let github = try FixtureServer(arguments: ["--stars", "30"])
        for words in [
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"],
            ["settings", "set", "github-base-url", github.baseURL],
        ] {
            let result = try FacetProcess.run(words, home: server.home.path)
            try #require(result.status == 0, "facet \(words.joined(separator: " ")): \(result.stderr)")
        }
        let clientHome = TemporaryDirectory("facet-serve-settings-client")
        let session = try JSONLSession(home: clientHome.path, arguments: ["--connect", server.socket, "--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "stars"])
        // The server started before the sign-in too: it learns both.
        #expect(!text(opened).contains("Stars of"), "\(text(opened))")
        let result = try FacetProcess.run(["settings", "set", "github-user", "octo"], home: server.home.path)
        #expect(result.status == 0, "\(result.stderr)")
        _ = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("Stars of octo")
        }
        #expect(try session.finish() == 0)
    }
}
