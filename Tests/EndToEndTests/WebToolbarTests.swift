import Foundation
import Testing
import TestSupport

/// The web toolbar shows what applies now (Tests/WebBrowser/web_toolbar.py,
/// headless Chromium): on Stars with no GitHub user, one button, and the
/// actions that cannot apply grouped in one menu, each with its reason.
@Suite(.tags(.web)) struct WebToolbarTests {
    let home = TemporaryDirectory("facet-web-toolbar")

    @Test func actionsThatCannotApplyAreGroupedWithTheirReasons() throws {
        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_toolbar.py", server.url],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_toolbar.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        let closed = facts["closed"] as? [String: Any] ?? [:]
        // Only what applies is a button in view; no reason is inline.
        #expect(closed["buttons"] as? [String] == closed["enabled"] as? [String], "\(closed)")
        #expect(closed["buttons"] as? [String] == ["settings"], "\(closed)")
        #expect(closed["reasons"] as? [String] == [], "\(closed)")
        #expect(closed["menu"] as? String == "Not available now (9)", "\(closed)")
        let open = facts["open"] as? [String: Any] ?? [:]
        let reasons = open["reasons"] as? [String] ?? []
        #expect(reasons.count == 9, "\(open)")
        #expect(reasons.allSatisfy { $0.contains("github user") || $0.contains("GitHub") }, "\(reasons)")
        #expect((open["buttons"] as? [String])?.contains("reload") == true, "\(open)")
        #expect((facts["keyStatus"] as? String)?.contains("A github user is required") == true, "\(facts["keyStatus"] ?? "")")
        #expect(facts["stillOpen"] as? Bool == true)
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
