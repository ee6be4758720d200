import Foundation
import Testing
import TestSupport

/// A long playlist in `facet --ui web` (Tests/WebBrowser/web_big_list.py in
/// headless Chromium): a scroll far past the loaded rows jumps there with the
/// standard `scroll-to` action, not a chain of pages, and the DOM holds only
/// the rows in view.
@Suite(.tags(.playlists)) struct WebBigListTests {
    let home = TemporaryDirectory("facet-web-big-home")
    let work = TemporaryDirectory("facet-web-big-work")

    @Test func aScrollToTheMiddleOfAHundredThousandSongsShowsThoseRowsAndFewInTheDOM() throws {
        let songs = 100_000
        var m3u = "#EXTM3U\n"
        m3u.reserveCapacity(songs * 40)
        for index in 1...songs { m3u += "#EXTINF:100,Artist \(index % 13) - Song \(index)\nf\(index).mp3\n" }
        let file = work.file("big.m3u", m3u)
        let imported = try FacetProcess.run(["playlists", "import", file, "--name", "Big"], home: home.path, timeout: 240)
        #expect(imported.status == 0, "\(imported.stderr)")
        let server = try WebServerProcess(home: home.path)
        let middle = songs / 2
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_big_list.py", server.url, "Big", String(middle)],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_big_list.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]

        let first = try #require(facts["firstInView"] as? Int)
        #expect(abs(first - middle) <= 1, "the view starts at row \(first)")
        #expect((facts["rowsInView"] as? Int ?? 0) >= 10)
        #expect(facts["positionsMatch"] as? Bool == true)
        let inDOM = try #require(facts["domRows"] as? Int)
        #expect(inDOM <= 100, "\(inDOM) rows in the DOM")
        // One jump, perhaps a page at an edge of it: never a chain of pages.
        let actions = facts["actionsSent"] as? [String] ?? []
        #expect(actions.first == "scroll-to" && actions.count <= 3, "\(actions)")
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
