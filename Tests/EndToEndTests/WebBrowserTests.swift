import Foundation
import Testing
import TestSupport

/// `facet --ui web` in headless Chromium (Tests/WebBrowser/web_e2e.py, driven
/// by selenium through the system chromedriver). The page is served through
/// `facet serve`, so another `facet --connect` process can change what it shows.
@Suite(.tags(.playlists, .folders, .web, .serve)) struct WebBrowserTests {
    let home = TemporaryDirectory("facet-web-home")
    let work = TemporaryDirectory("facet-web-work")

    @Test func thePageSortsFiltersImportsDeletesFollowsOtherProcessesAndShowsMarkupAsText() throws {
        // The folders screen shows its working directory: a small, known one.
        for name in ["Albums/Queen", "Albums/Toto", "Podcasts", "Scans"] {
            work.file("music/\(name)/notes.txt", String(repeating: "la ", count: 200))
        }
        let server = try WebServerProcess(home: home.path, shared: true, currentDirectory: work.path + "/music")
        var arguments = [FacetProcess.binary, server.socket ?? "", server.url, work.path]
        if let shots = ProcessInfo.processInfo.environment["FACET_WEB_SCREENSHOTS"] { arguments.append(shots) }
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_e2e.py"] + arguments,
            environment: ProcessInfo.processInfo.environment, timeout: 240)
        #expect(run.status == 0, "web_e2e.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]

        #expect(facts["urlAfterToken"] as? String == "/playlists?sort=name")
        #expect(facts["scriptSeesCookie"] as? String == "", "the session cookie is HttpOnly")
        #expect(facts["playlistsMatchJSONL"] as? Bool == true)
        #expect(facts["markupShownAsText"] as? Bool == true)
        #expect(facts["imagesInPage"] as? Int == 0)
        #expect(facts["alertRan"] as? Bool == false)
        #expect(facts["openedPath"] as? String == "/playlist/Sample?sort=position")
        #expect(facts["sortedPath"] as? String == "/playlist/Sample?sort=title")
        #expect(facts["sortedMatchesJSONL"] as? Bool == true)
        #expect(facts["remoteChangeWithoutReload"] as? Bool == true)
        #expect(facts["filteredPath"] as? String == "/playlist/Sample?sort=title&filter=o")
        #expect(facts["backPath"] as? String == "/playlists?sort=name")
        #expect(facts["forwardPath"] as? String == "/playlist/Sample?sort=title&filter=o")
        #expect(facts["reloadPath"] as? String == "/playlist/Sample?sort=title&filter=o")
        // The screen's question as sent: a playlist's deletion is undone by `u`.
        #expect(facts["confirmTitle"] as? String == "Delete playlist \"<img src=x onerror=alert(1)>\" (3 songs)? `u` undoes it.")
        #expect(facts["confirmFocus"] as? String == "Cancel")
        #expect(facts["afterDelete"] as? [String] == ["Sample"])
        // A path completed in the import prompt, the folder's names shown as text.
        let lists = work.path + "/tab-lists/"
        let markup = "<img src=x onerror=alert(1)>.m3u"
        #expect(facts["completionHint"] as? String == "\(markup)  mix.m3u  mixtape.txt")
        #expect(facts["completionOptions"] as? [String] == [lists + markup, lists + "mix.m3u", lists + "mixtape.txt"])
        #expect(facts["imagesInDialog"] as? Int == 0)
        #expect(facts["alertRanInCompletion"] as? Bool == false)
        #expect(facts["completedPath"] as? String == lists + "mix.m3u")
        #expect(facts["completionFocus"] as? String == "param-path", "Tab completed instead of moving on")
        let typed = facts["typedForCompletion"] as? Int ?? 0
        let requests = facts["completionRequests"] as? Int ?? .max
        #expect(requests >= 1 && requests <= typed / 2, "typing asks once it pauses: \(requests) requests for \(typed) keys")
        #expect(facts["afterCompletedImport"] as? [String] == ["Sample", "Tabbed"])
        // The folders screen's question, as the TUI asks it: the row, its size, its files,
        // and what its effect says of undoing it (the page adds nothing of its own).
        let folderQuestion = facts["folderConfirmTitle"] as? String ?? ""
        #expect(folderQuestion.range(
            of: #"^Delete Scans \([0-9.]+ (bytes|KiB), 1 file\)\? This cannot be undone\.$"#, options: .regularExpression) != nil,
            "\(folderQuestion)")
        #expect(facts["folderConfirmFields"] as? Int == 0, "yes is enough for a folder that is not the home folder")
        #expect(facts["folderGoneFromDisk"] as? Bool == true)
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
