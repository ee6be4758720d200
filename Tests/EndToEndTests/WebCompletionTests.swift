import Foundation
import Testing
import TestSupport

/// `GET /complete` lists the user's folders, so it is behind the same guard
/// as the page: no cookie or a foreign `Host`, no listing. With both, it
/// answers the folder's matches as JSON, names from the disk as strings.
@Suite(.tags(.playlists)) struct WebCompletionTests {
    let home = TemporaryDirectory("facet-web-home")
    let work = TemporaryDirectory("facet-web-complete")

    /// The headers the page sends: its cookie and its secret.
    func session(_ server: WebServerProcess) throws -> [(String, String)] {
        let session = try WebSession(server)
        return [session.cookie, ("X-Facet-Page", session.secret)]
    }

    func query(_ path: String) -> String {
        "/complete?path=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    @Test func withoutTheCookieOrFromAForeignHostNothingIsListed() throws {
        work.file("lists/secret-plans.m3u", "")
        let server = try WebServerProcess(home: home.path)
        let asked = query(work.path + "/lists/s")
        let bare = try RawHTTP.get(port: server.port, path: asked)
        #expect(bare.status == 401)
        #expect(!bare.body.contains("secret"))
        #expect(try RawHTTP.get(port: server.port, path: asked, headers: [("Cookie", "facet_session=\(server.token)")]).status == 401)
        let cookie = try session(server)
        for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1:1"] {
            let foreign = try RawHTTP.get(port: server.port, path: asked, headers: [("Host", host)] + cookie)
            #expect(foreign.status == 421, "Host: \(host)")
            #expect(!foreign.body.contains("secret"))
        }
        let own = try RawHTTP.get(port: server.port, path: asked, headers: cookie)
        #expect(own.status == 200)
        #expect(own.body.contains("secret-plans.m3u"))
        #expect(server.stop() == 0)
    }

    @Test func itAnswersTheMatchesAsJSONWithMarkupAsAString() throws {
        let markup = "<img src=x onerror=alert(1)>.m3u"
        work.file("lists/" + markup, "")
        work.file("lists/road trip.m3u", "")
        work.file("lists/.hidden.m3u", "")
        work.file("lists/rock/a.mp3", "")
        let server = try WebServerProcess(home: home.path, environment: ["HOME": home.path])
        let cookie = try session(server)
        func answer(_ typed: String) throws -> [String: Any] {
            let response = try RawHTTP.get(port: server.port, path: query(typed), headers: cookie)
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(response.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            return try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] ?? [:]
        }
        let folder = work.path + "/lists/"
        let all = try answer(folder)
        #expect(all["folder"] as? String == folder)
        #expect(all["names"] as? [String] == [markup, "road trip.m3u", "rock/"], "sorted, hidden left out, a folder marked")
        #expect(all["total"] as? Int == 3)
        let road = try answer(folder + "ro")
        #expect(road["completion"] as? String == folder + "ro")
        #expect(try answer(folder + "roa")["completion"] as? String == folder + "road trip.m3u")
        #expect(try answer(folder + "<")["names"] as? [String] == [markup])
        #expect(try answer(folder + ".")["names"] as? [String] == [".hidden.m3u"])
        #expect(try answer(work.path + "/li")["completion"] as? String == folder)
        // `~` is the server's home folder, written out: the import takes the text as it is.
        home.file("mixes/x.m3u", "")
        #expect(try answer("~/mi")["completion"] as? String == home.path + "/mixes/")
        // A NUL or a missing parameter is no path.
        #expect(try RawHTTP.get(port: server.port, path: "/complete", headers: cookie).status == 400)
        #expect(try answer(folder + "r\u{0}")["total"] as? Int == 0)
        #expect(server.stop() == 0)
    }
}
