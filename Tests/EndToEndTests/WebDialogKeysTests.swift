import Foundation
import Testing
import TestSupport

/// The web page's confirmation answers `y` and `n` as the TUI's does, and
/// says so; Esc cancels (Tests/WebBrowser/web_dialog_keys.py, headless
/// Chromium, a real folder deleted only by `y`).
@Suite(.tags(.folders, .web)) struct WebDialogKeysTests {
    let home = TemporaryDirectory("facet-web-dialog-keys")
    let work = TemporaryDirectory("facet-web-dialog-keys-work")

    @Test func yAnswersYesNAndEscAnswerNo() throws {
        let root = work.path.replacingOccurrences(of: "//", with: "/")
        work.file("a/x", "x")
        work.file("b/y", "y")
        let server = try WebServerProcess(home: home.path, currentDirectory: root)
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_dialog_keys.py", server.url, root],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_dialog_keys.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        // The keys are named where the question is, as the TUI's footer names them.
        #expect((facts["dialogText"] as? String)?.contains("y yes · n no") == true, "\(facts["dialogText"] ?? "")")
        #expect(facts["closedByN"] as? Bool == true)
        #expect(facts["keptAfterN"] as? Bool == true)
        #expect(facts["closedByEsc"] as? Bool == true)
        #expect(facts["keptAfterEsc"] as? Bool == true)
        #expect(facts["closedByY"] as? Bool == true)
        #expect(facts["goneAfterY"] as? Bool == true)
        #expect(facts["bKept"] as? Bool == true)
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
