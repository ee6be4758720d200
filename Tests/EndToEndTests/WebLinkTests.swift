import Foundation
import Testing
import TestSupport

/// The printed URL works as Jupyter's does, over raw HTTP against the built
/// binary: for the server's whole lifetime, in any browser, any number of
/// times; `facet --ui web --list` prints it again while the server runs.
/// The protections stay (WebSecurityTests): a wrong token opens nothing.
@Suite(.tags(.web)) struct WebLinkTests {
    let home = TemporaryDirectory("facet-web-link")

    @Test func thePrintedURLOpensThePageInEveryBrowserEveryTime() throws {
        let server = try WebServerProcess(home: home.path)
        // Two browsers (no shared cookie), then the first one again, restarted.
        let first = try WebSession(server)
        let second = try WebSession(server)
        let again = try WebSession(server)
        for session in [first, second, again] {
            #expect(session.exchange.status == 200)
            #expect(session.secret.count == 64)
            #expect(session.exchange.headers["set-cookie"]?.contains("SameSite=Strict") == true)
            #expect(try RawHTTP.get(port: server.port, path: "/playlists", headers: [session.cookie]).status == 200)
        }
        // An old link (a restarted server's) in a browser with this server's
        // cookie shows the page; without the cookie it is refused and says
        // how to get the current URL.
        let stale = String(repeating: "0", count: 64)
        #expect(try RawHTTP.get(port: server.port, path: "/?token=\(stale)", headers: [first.cookie]).status == 200)
        let refused = try RawHTTP.get(port: server.port, path: "/?token=\(stale)")
        #expect(refused.status == 403)
        #expect(refused.body.contains("facet --ui web --list"), "\(refused.body)")
        #expect(server.stop() == 0)
    }

    @Test func listPrintsTheURLOfARunningServerAndNothingOnceItStopped() throws {
        let server = try WebServerProcess(home: home.path)
        // The hint is on stderr, read apart from the URL on stdout: waited for
        // rather than looked at once, since the URL may be read first.
        #expect(server.web.waitFor(timeout: 60) { server.web.stderr.contains("--list") },
                "the start says how to get the URL again: \(server.web.stderr)")
        let listed = try FacetProcess.run(["--ui", "web", "--list"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == server.url + "\n")
        // The token is the user's alone at rest: one 0600 file in a 0700 folder.
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("web-") }
        #expect(files.count == 1, "\(files)")
        for file in files {
            let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/" + file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        #expect(server.stop() == 0)
        let after = try FacetProcess.run(["--ui", "web", "--list"], home: home.path)
        #expect(after.status == 1)
        #expect(after.stdout.isEmpty)
        #expect(after.stderr.contains("no web server is running"), "\(after.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("web-") }.isEmpty)
    }
}
