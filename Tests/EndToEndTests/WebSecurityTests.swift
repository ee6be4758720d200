import Foundation
import Testing
import TestSupport

/// `facet --ui web` refuses whoever is not the user, over raw HTTP (a
/// browser would not send most of these requests, an attacker's program would).
@Suite(.tags(.playlists)) struct WebSecurityTests {
    let home = TemporaryDirectory("facet-web-home")

    func cookie(_ response: RawHTTP.Response) -> String {
        String(response.headers["set-cookie"]?.split(separator: ";").first ?? "")
    }

    @Test func withoutTheTokenOrWithAWrongOneNothingIsServed() throws {
        let server = try WebServerProcess(home: home.path)
        #expect(try RawHTTP.get(port: server.port, path: "/").status == 401)
        #expect(try RawHTTP.get(port: server.port, path: "/assets/app.js").status == 401)
        #expect(try RawHTTP.get(port: server.port, path: "/?token=0").status == 403)
        let almost = String(server.token.dropLast()) + (server.token.hasSuffix("0") ? "1" : "0")
        #expect(try RawHTTP.get(port: server.port, path: "/?token=\(almost)").status == 403)
        #expect(try RawHTTP.get(port: server.port, path: "/", headers: [("Cookie", "facet_session_\(server.port)=\(server.token)")]).status == 401)
        #expect(server.stop() == 0)
    }

    @Test func theTokenIsExchangedForAStrictCookieAndThePageSecret() throws {
        let server = try WebServerProcess(home: home.path)
        let session = try WebSession(server, path: "/playlist/Sample?sort=title")
        let exchange = session.exchange
        #expect(exchange.status == 200, "the page itself, so its secret is in no URL")
        #expect(exchange.headers["location"] == nil)
        #expect(session.secret.count == 64)
        let setCookie = exchange.headers["set-cookie"] ?? ""
        #expect(setCookie.hasPrefix("facet_session_\(server.port)="), "a cookie name of this server's own")
        #expect(setCookie.contains("HttpOnly"))
        #expect(setCookie.contains("SameSite=Strict"))
        #expect(!setCookie.contains(server.token), "the cookie is not the token")
        #expect(!setCookie.contains(session.secret), "the cookie is not the page secret")
        #expect(exchange.headers["referrer-policy"] == "no-referrer")

        let page = try RawHTTP.get(port: server.port, path: "/playlist/Sample", headers: [session.cookie])
        #expect(page.status == 200)
        #expect(WebSession.secret(in: page.body) == nil, "the cookie alone never gets the secret")
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(policy.contains("script-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(!policy.contains("unsafe-eval"))
        #expect(page.headers["x-content-type-options"] == "nosniff")
        let script = try RawHTTP.get(port: server.port, path: "/assets/app.js", headers: [session.cookie])
        #expect(script.status == 200)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
    }

    @Test func twoServersInOneBrowserKeepTheirOwnSessions() throws {
        let first = try WebServerProcess(home: home.path)
        let second = try WebServerProcess(home: TemporaryDirectory("facet-web-home-2").path)
        let one = try WebSession(first)
        let two = try WebSession(second)
        // A browser sends every 127.0.0.1 cookie to both ports.
        let both = ("Cookie", one.cookie.1 + "; " + two.cookie.1)
        #expect(one.cookie.1.split(separator: "=").first != two.cookie.1.split(separator: "=").first)
        #expect(try RawHTTP.get(port: first.port, path: "/", headers: [both]).status == 200)
        #expect(try RawHTTP.get(port: second.port, path: "/", headers: [both]).status == 200)
        #expect(try RawHTTP.get(port: first.port, path: "/", headers: [two.cookie]).status == 401)
    }

    @Test func anAbsoluteFormTargetIsReadAsItsOriginFormAndItsAuthorityAsTheHost() throws {
        let server = try WebServerProcess(home: home.path)
        // The target's own authority is the host asked for, whatever `Host` says.
        for target in ["http://evil.example:\(server.port)/", "http://evil.example/", "https://127.0.0.1:\(server.port)/",
                       "http://user@127.0.0.1:\(server.port)/", "*"] {
            let response = try RawHTTP.get(port: server.port, path: "\(target)?token=\(server.token)")
            #expect(response.status == 421, "GET \(target)")
        }
        // The token was not spent: the absolute form of this server's own URL redeems it as the origin form would.
        let exchange = try RawHTTP.get(
            port: server.port, path: "http://127.0.0.1:\(server.port)/playlists?token=\(server.token)",
            headers: [("Host", "evil.example")])
        #expect(exchange.status == 200)
        #expect(WebSession.secret(in: exchange.body) != nil)
    }

    @Test func aForeignHostIsRefusedEvenWithTheToken() throws {
        let server = try WebServerProcess(home: home.path)
        for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1.evil.example:\(server.port)", "127.0.0.1:1"] {
            let response = try RawHTTP.get(port: server.port, path: "/?token=\(server.token)", headers: [("Host", host)])
            #expect(response.status == 421, "Host: \(host)")
        }
        // Refused before the token was looked at: it still works from a loopback name.
        let exchange = try RawHTTP.get(
            port: server.port, path: "/?token=\(server.token)", headers: [("Host", "localhost:\(server.port)")])
        let withCookie = try RawHTTP.get(
            port: server.port, path: "/", headers: [("Host", "evil.example:\(server.port)"), ("Cookie", cookie(exchange))])
        #expect(exchange.status == 200)
        #expect(withCookie.status == 421)
    }

    @Test func theWebSocketWantsTheCookieThePageSecretAndThePagesOwnOrigin() throws {
        let server = try WebServerProcess(home: home.path)
        let session = try WebSession(server)
        let own = "http://127.0.0.1:\(server.port)"
        func upgrade(_ headers: [(String, String)], path: String? = nil) throws -> Int {
            try RawHTTP.get(port: server.port, path: path ?? session.socketPath, headers: headers).status
        }
        #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: own)) == 101)
        #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: "http://localhost:\(server.port)")) != 101,
                "Origin must match the Host the page was loaded from")
        // Wrong origins: a foreign host on the right port, the right host on another port, other schemes, none.
        for origin in [
            "http://evil.example:\(server.port)", "http://127.0.0.1.evil.example:\(server.port)", "http://evil.example",
            "http://127.0.0.1:1", "https://127.0.0.1:\(server.port)", "http://127.0.0.1", "null", "",
        ] {
            #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: origin)) != 101, "Origin: \(origin)")
        }
        #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: nil)) != 101)
        #expect(try upgrade(RawHTTP.webSocketHandshake(origin: own)) != 101)
        #expect(try upgrade([session.cookie, ("Host", "evil.example:\(server.port)")] + RawHTTP.webSocketHandshake(origin: own)) != 101)
        // The cookie without the page secret (what another port's server receives) opens nothing.
        #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: own), path: "/rpc") != 101)
        #expect(try upgrade([session.cookie] + RawHTTP.webSocketHandshake(origin: own), path: "/rpc?page=0") != 101)
        #expect(try RawHTTP.get(port: server.port, path: "/complete?path=%2F", headers: [session.cookie]).status == 403)
        #expect(try RawHTTP.get(
            port: server.port, path: "/complete?path=%2F", headers: [session.cookie, ("X-Facet-Page", session.secret)]).status == 200)
    }

    @Test func aRequestFarOverTheFrameSizeIsAnswered() throws {
        let server = try WebServerProcess(home: home.path)
        let session = try WebSession(server)
        let socket = try RawWebSocket(
            port: server.port, path: session.socketPath,
            headers: [session.cookie, ("Origin", "http://127.0.0.1:\(server.port)")])
        let filter = String(repeating: "x", count: 200_000)
        socket.send(text: #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"playlists","params":{"filter":"\#(filter)"}}}"#)
        let answer = socket.receive { $0.opcode != 1 || $0.text.contains(#""id":1"#) }
        #expect(answer?.opcode == 1, "a text answer, not a close (\(answer?.closeCode ?? -1) \(answer?.closeReason ?? ""))")
        #expect(answer?.text.contains(#""result""#) == true)
    }

    @Test func listeningBeyondLoopbackIsSaidLoudly() throws {
        let quiet = try WebServerProcess(home: home.path)
        // Stopped first, so what it said is read to its end: the start's
        // announcement, and no warning.
        quiet.stop()
        #expect(quiet.web.stderr.contains("--list") && !quiet.web.stderr.contains("WARNING"), "\(quiet.web.stderr)")
        let loud = try WebServerProcess(home: home.path, arguments: ["--listen", "0.0.0.0:0"])
        #expect(loud.web.waitFor(timeout: 10) { loud.web.stderr.contains("WARNING: listening on 0.0.0.0") })
    }

    @Test func aBadListenAddressIsAUsageError() throws {
        let result = try FacetProcess.run(["--ui", "web", "--listen", "nowhere"], home: home.path, timeout: 60)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--listen wants ADDR:PORT"))
    }
}
