import Foundation

/// Who may talk to the server, decided per request before anything else
/// runs. The rules, each against one attack:
/// - the `Host` must name this server (its listening address, or a loopback
///   name on its port): a page on another site whose name resolves to
///   127.0.0.1 (DNS rebinding) sends its own name and is refused;
/// - the one-time token from the printed URL is exchanged for a session
///   cookie (`HttpOnly`: no script reads it; `SameSite=Strict`: no other
///   site's page sends it), then dropped from the URL;
/// - every other request needs that cookie;
/// - a WebSocket's `Origin` must be this server's own: a browser attaches
///   cookies to cross-site WebSocket handshakes, and only `Origin` tells.
final class AccessGuard: @unchecked Sendable {
    static let cookieName = "facet_session"

    let listenHost: String
    private let token: AccessToken
    private let session = AccessToken.random()
    private let lock = NSLock()
    private var port = 0
    private var tokenUsed = false

    init(listenHost: String, token: AccessToken) {
        self.listenHost = listenHost
        self.token = token
    }

    /// The token, for the URL printed at start.
    var printedToken: String { token.value }

    /// The port the system chose, once the server is bound.
    func bound(port: Int) { lock.withLock { self.port = port } }

    var boundPort: Int { lock.withLock { port } }

    /// The `Host` values this server answers to.
    func acceptsHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let port = boundPort
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        names.insert(listenHost.contains(":") ? "[\(listenHost.lowercased())]" : listenHost.lowercased())
        return names.contains { host == "\($0):\(port)" }
    }

    /// The token in a URL, accepted once: a URL that leaks later (shell
    /// history, a screenshot) opens nothing.
    func redeem(_ candidate: some StringProtocol) -> Bool {
        lock.withLock {
            guard !tokenUsed, token.matches(candidate) else { return false }
            tokenUsed = true
            return true
        }
    }

    /// The cookie that stands for a redeemed token.
    var setCookie: String {
        "\(Self.cookieName)=\(session.value); HttpOnly; SameSite=Strict; Path=/"
    }

    /// Whether a request's `Cookie` headers carry this server's session.
    func admits(cookies: [String]) -> Bool {
        var found = false
        for header in cookies {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Self.cookieName else { continue }
                if session.matches(parts[1].trimmingCharacters(in: .whitespaces)) { found = true }
            }
        }
        return found
    }

    /// A WebSocket's `Origin` must be the page's own: `http://` plus the
    /// `Host` already accepted.
    func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin, let host, acceptsHost(host) else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }
}
