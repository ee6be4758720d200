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
        #expect(try RawHTTP.get(port: server.port, path: "/", headers: [("Cookie", "facet_session=\(server.token)")]).status == 401)
        #expect(server.stop() == 0)
    }

    @Test func theTokenIsExchangedOnceForAStrictCookieAndLeavesTheURL() throws {
        let server = try WebServerProcess(home: home.path)
        let exchange = try RawHTTP.get(port: server.port, path: "/playlist/Sample?token=\(server.token)&sort=title")
        #expect(exchange.status == 303)
        #expect(exchange.headers["location"] == "/playlist/Sample?sort=title")
        let setCookie = exchange.headers["set-cookie"] ?? ""
        #expect(setCookie.contains("HttpOnly"))
        #expect(setCookie.contains("SameSite=Strict"))
        #expect(!setCookie.contains(server.token), "the cookie is not the token")
        // The printed URL opens nothing a second time.
        #expect(try RawHTTP.get(port: server.port, path: "/?token=\(server.token)").status == 403)

        let page = try RawHTTP.get(port: server.port, path: "/playlist/Sample", headers: [("Cookie", cookie(exchange))])
        #expect(page.status == 200)
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(policy.contains("script-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(!policy.contains("unsafe-eval"))
        #expect(page.headers["x-content-type-options"] == "nosniff")
        let script = try RawHTTP.get(port: server.port, path: "/assets/app.js", headers: [("Cookie", cookie(exchange))])
        #expect(script.status == 200)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
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
        #expect(exchange.status == 303)
        let withCookie = try RawHTTP.get(
            port: server.port, path: "/", headers: [("Host", "evil.example:\(server.port)"), ("Cookie", cookie(exchange))])
        #expect(withCookie.status == 421)
    }

    @Test func theWebSocketWantsTheCookieAndThePagesOwnOrigin() throws {
        let server = try WebServerProcess(home: home.path)
        let exchange = try RawHTTP.get(port: server.port, path: "/?token=\(server.token)")
        let session = ("Cookie", cookie(exchange))
        let own = "http://127.0.0.1:\(server.port)"
        func upgrade(_ headers: [(String, String)]) throws -> Int {
            try RawHTTP.get(port: server.port, path: "/rpc", headers: headers).status
        }
        #expect(try upgrade([session] + RawHTTP.webSocketHandshake(origin: own)) == 101)
        #expect(try upgrade([session] + RawHTTP.webSocketHandshake(origin: "http://evil.example")) != 101)
        #expect(try upgrade([session] + RawHTTP.webSocketHandshake(origin: "http://127.0.0.1:1")) != 101)
        #expect(try upgrade([session] + RawHTTP.webSocketHandshake(origin: "null")) != 101)
        #expect(try upgrade([session] + RawHTTP.webSocketHandshake(origin: nil)) != 101)
        #expect(try upgrade(RawHTTP.webSocketHandshake(origin: own)) != 101)
        #expect(try upgrade([session, ("Host", "evil.example:\(server.port)")] + RawHTTP.webSocketHandshake(origin: own)) != 101)
    }

    @Test func listeningBeyondLoopbackIsSaidLoudly() throws {
        let quiet = try WebServerProcess(home: home.path)
        #expect(!quiet.web.stderr.contains("WARNING"))
        quiet.stop()
        let loud = try WebServerProcess(home: home.path, arguments: ["--listen", "0.0.0.0:0"])
        #expect(loud.web.waitFor(timeout: 10) { loud.web.stderr.contains("WARNING: listening on 0.0.0.0") })
    }

    @Test func aBadListenAddressIsAUsageError() throws {
        let result = try FacetProcess.run(["--ui", "web", "--listen", "nowhere"], home: home.path, timeout: 60)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--listen wants ADDR:PORT"))
    }
}
