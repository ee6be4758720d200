import Foundation
import Testing
import TestSupport

/// The web page deletes as the TUI does (Tests/WebBrowser/web_home_delete.py,
/// headless Chromium): the screen's own question, and for the home folder
/// alone a typed second answer that must be its path.
@Suite(.tags(.folders, .web, .serve)) struct WebHomeDeleteTests {
    let home = TemporaryDirectory("facet-web-home-delete")
    let work = TemporaryDirectory("facet-web-home-delete-work")

    @Test func theHomeFolderAsksItsPathTypedAndAWrongOneDeletesNothing() throws {
        let root = work.path.replacingOccurrences(of: "//", with: "/")
        work.file("users/me/notes", "n")
        work.file("users/other/x", "x")
        let userHome = root + "/users/me"
        let server = try WebServerProcess(
            home: home.path, shared: true, currentDirectory: root + "/users", environment: ["HOME": userHome])
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_home_delete.py", server.url, root],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_home_delete.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]

        let question = facts["homeQuestion"] as? String ?? ""
        #expect(question.range(of: #"^Delete me \([0-9.]+ (bytes|KiB), 1 file\)\? This cannot be undone\.$"#, options: .regularExpression) != nil, "\(question)")
        #expect(facts["typedQuestion"] as? String == "\(userHome) is your home folder. To delete it, type its full path:")
        #expect(facts["typedFocus"] as? String == "param-confirm-path")
        #expect((facts["refusal"] as? String)?.contains("nothing was deleted") == true)
        #expect(facts["homeKeptAfterWrongPath"] as? Bool == true)
        #expect(facts["otherKeptAfterWrongPath"] as? Bool == true)
        #expect(facts["homeGone"] as? Bool == true)
        #expect((facts["otherQuestion"] as? String)?.hasPrefix("Delete other (") == true)
        #expect(facts["otherGone"] as? Bool == true)
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
