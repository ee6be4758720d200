import Foundation

/// Who may talk to the server, decided per request before anything else
/// runs. The rules, each against one attack:
/// - the `Host` must name this server (its listening address, or a loopback
///   name on its port): a page on another site whose name resolves to
///   127.0.0.1 (DNS rebinding) sends its own name and is refused;
/// - the token from the printed URL is exchanged for a session cookie
///   (`HttpOnly`: no script reads it; `SameSite=Strict`: no other site's
///   page sends it) and the page secret, then dropped from the URL. As
///   Jupyter's, it works for the server's lifetime, in any browser and any
///   number of times: the URL is what the user holds (a second browser, a
///   restarted one), and it is shown only on the server's terminal and in
///   the user's own 0600 file (`RunningWebServers`), never in a log or a
///   `Referer` (the page drops it from its address and sends no referrer);
/// - every other request needs that cookie;
/// - the cookie alone is not enough for anything that acts or reads the
///   user's data (the WebSocket, path completion): browsers send a
///   127.0.0.1 cookie to every port, so any local user's server on another
///   port receives it. Those also need the page secret, which reaches the
///   page only in the answer to the token and is kept in the page's storage,
///   which browsers keep per origin, port included;
/// - the cookie's name carries the port, so two servers in one browser do
///   not overwrite each other's session;
/// - a WebSocket's `Origin` must be this server's own: a browser attaches
///   cookies to cross-site WebSocket handshakes, and only `Origin` tells.
final class AccessGuard: @unchecked Sendable {
    static let cookiePrefix = "facet_session_"
    /// The query parameter (WebSocket) and header (`fetch`) carrying the page secret.
    static let secretParameter = "page"
    static let secretHeader = "X-Facet-Page"

    let listenHost: String
    private let token: AccessToken
    private let session = AccessToken.random()
    private let pageSecret = AccessToken.random()
    private let lock = NSLock()
    private var port = 0

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

    /// Whether a URL's token is this server's (compared in constant time).
    func admits(token candidate: some StringProtocol) -> Bool {
        token.matches(candidate)
    }

    /// This server's cookie name: one per port, so another server on
    /// another port of the same host (whose cookies the browser shares)
    /// neither replaces nor is replaced by it.
    var cookieName: String { Self.cookiePrefix + String(boundPort) }

    /// The cookie that stands for the token; the session lasts as long as
    /// the browser's, and the printed URL opens a new one.
    var setCookie: String {
        "\(cookieName)=\(session.value); HttpOnly; SameSite=Strict; Path=/"
    }

    /// The page secret, handed out only with the token.
    var secretForPage: String { pageSecret.value }

    /// Whether `candidate` is the page secret (compared in constant time).
    func admits(secret candidate: (some StringProtocol)?) -> Bool {
        guard let candidate else { return false }
        return pageSecret.matches(candidate)
    }

    /// Whether a request's `Cookie` headers carry this server's session.
    func admits(cookies: [String]) -> Bool {
        let cookieName = cookieName
        var found = false
        for header in cookies {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { continue }
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

    /// Whether a WebSocket handshake may upgrade: this server's `Host`, its
    /// cookie, its own `Origin`, the socket's path and the page secret in
    /// the target's query.
    func admitsSocket(authority: String?, cookies: [String], origin: String?, target: String?) -> Bool {
        guard acceptsHost(authority), admits(cookies: cookies), acceptsOrigin(origin, host: authority),
            let parts = target?.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false),
            parts.first == Substring(WebResponder.socketPath)
        else { return false }
        let query = parts.count == 2 ? String(parts[1]) : ""
        return admits(secret: WebResponder.queryValue(Self.secretParameter, in: query))
    }
}
