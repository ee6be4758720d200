import Foundation
import Testing
import TestSupport

/// What the web page shows after an action and in a message, in headless
/// Chromium (Tests/WebBrowser/web_seams.py): `u` selects the song it put
/// back, and the hint of a folder of files names the page's key and button.
@Suite(.tags(.playlists)) struct WebSeamsTests {
    let home = TemporaryDirectory("facet-web-seams-home")
    let work = TemporaryDirectory("facet-web-seams-work")

    @Test func undoSelectsTheSongPutBackAndTheFolderHintNamesThePagesKey() throws {
        let songs = (1...5).map { "#EXTINF:100,Band \($0) - Song \($0)\n/music/\($0).mp3" }
        let file = work.file("five.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
        let imported = try FacetProcess.run(["playlists", "import", file, "--name", "Five"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        _ = work.file("only-files/a.txt", "a")
        _ = work.file("only-files/b.txt", "bb")
        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_seams.py", server.url, "Five",
             work.path + "/only-files"],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        #expect(run.status == 0, "web_seams.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]

        #expect(facts["selectedAfterUndo"] as? String == "3", "\(facts)")
        #expect((facts["selectedTitle"] as? String)?.contains("Song 3") == true, "\(facts)")
        let empty = facts["emptyMessage"] as? String ?? ""
        #expect(empty.contains("list them with f (Files on/off)"), "\(empty)")
        #expect(!empty.contains("--files") && !empty.contains("'toggle-files'"), "\(empty)")
        let rest = facts["restRow"] as? String ?? ""
        #expect(rest.contains("list them with f (Files on/off)"), "\(rest)")
        #expect(facts["consoleErrors"] as? [String] == [])
        #expect(server.stop() == 0)
    }
}
