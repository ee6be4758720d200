import Foundation
import Testing
import TestSupport

/// Two pages of `facet --ui web` (Tests/WebBrowser/web_two_pages.py, in
/// headless Chromium), on its own core and attached to a `facet serve`: a
/// filter set in one page is that page's own, a playlist imported in one
/// appears in the other without a reload. Also with the core on another
/// host, through ssh (a real sshd on loopback): the page is served on local
/// loopback, the data is the remote core's.
@Suite(.tags(.playlists, .web, .serve)) struct WebTwoPagesTests {
    @Test(arguments: [false, true]) func aFilterStaysInItsPageAndAnImportShowsInBoth(shared: Bool) throws {
        let home = TemporaryDirectory("facet-web-pages-home")
        let work = TemporaryDirectory("facet-web-pages-work")
        let server = try WebServerProcess(home: home.path, shared: shared)
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_two_pages.py", server.url, work.path],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_two_pages.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(facts["aNames"] as? [String] == ["zz mix"])
        #expect((facts["aPath"] as? String)?.contains("filter=zz") == true)
        #expect(facts["bNames"] as? [String] == ["Sample", "zz mix"])
        #expect((facts["bPath"] as? String)?.contains("filter") == false)
    }

    @Test func thePagesWorkWithTheCoreOnAnotherHostThroughSSH() throws {
        let ssh = try SSHServer()
        let home = TemporaryDirectory("facet-web-ssh-home")
        let work = TemporaryDirectory("facet-web-ssh-work")
        var environment = ssh.clientEnvironment()
        environment["FACET_CONNECT"] = "ssh://\(SSHServer.alias)"
        let server = try WebServerProcess(home: home.path, environment: environment)
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_two_pages.py", server.url, work.path],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_two_pages.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(facts["aNames"] as? [String] == ["zz mix"])
        #expect(facts["bNames"] as? [String] == ["Sample", "zz mix"])
        // The import happened in the remote core's home.
        let there = try FacetProcess.run(["playlists", "--json"], home: ssh.remoteHome.path)
        #expect(there.stdout.contains("zz mix"), "\(there.stdout)")
    }
}
