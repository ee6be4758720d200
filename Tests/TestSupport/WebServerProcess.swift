import Foundation

/// A running `facet --ui web` (optionally `--connect`ed to a `facet serve`
/// it also runs), with the URL it printed. Both children have deadlines and
/// are stopped when this is released.
public final class WebServerProcess: @unchecked Sendable {
    public let web: BoundedProcess
    public let serve: BoundedProcess?
    public let socket: String?
    /// `http://127.0.0.1:PORT/?token=…`
    public let url: String
    public let port: Int
    public let token: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(
        home: String, arguments: [String] = [], shared: Bool = false, currentDirectory: String? = nil,
        environment extra: [String: String] = [:], prefix: [String] = []
    ) throws {
        let environment = FacetProcess.environment(home: home, extra: extra)
        // Process has no working directory of its own before run(): env's -C sets it.
        let directory = currentDirectory.map { ["-C", $0] } ?? []
        var connect: [String] = []
        if shared {
            let socket = home + "/facet.sock"
            let serve = try BoundedProcess(
                "/usr/bin/env", directory + [FacetProcess.binary, "serve", "--socket", socket], environment: environment)
            guard serve.waitFor(timeout: 60, { FileManager.default.fileExists(atPath: socket) }) else {
                throw Failure(description: "facet serve did not start: \(serve.stderr)")
            }
            self.serve = serve
            self.socket = socket
            connect = ["--connect", socket]
        } else {
            serve = nil
            socket = nil
        }
        // `prefix` runs the server through another program (prlimit, setpriv).
        let command = directory + prefix + [FacetProcess.binary] + connect + ["--ui", "web"] + arguments
        let web = try BoundedProcess("/usr/bin/env", command, environment: environment)
        self.web = web
        guard web.waitFor(timeout: 60, { web.stdout.contains("\n") }) else {
            throw Failure(description: "facet --ui web printed no URL: \(web.stderr)")
        }
        url = web.stdout.split(separator: "\n").first.map(String.init) ?? ""
        guard let components = URLComponents(string: url), let port = components.port,
            let token = components.queryItems?.first(where: { $0.name == "token" })?.value
        else { throw Failure(description: "not a URL with a token: \(url)") }
        self.port = port
        self.token = token
    }

    deinit { stop() }

    /// SIGTERM, then the exit status of the web server (nil if it had to be killed).
    @discardableResult
    public func stop() -> Int32? {
        web.signal(SIGTERM)
        let status = web.finish(timeout: 20)
        serve?.signal(SIGTERM)
        _ = serve?.finish(timeout: 20)
        return status
    }
}

/// What a browser holds once it has opened the printed URL: the session
/// cookie (as a `Cookie` header) and the page secret the page was given.
public struct WebSession {
    public let cookie: (String, String)
    public let secret: String
    /// The answer to the token.
    public let exchange: RawHTTP.Response

    /// Redeems `server`'s token over raw HTTP.
    public init(_ server: WebServerProcess, path: String = "/") throws {
        let separator = path.contains("?") ? "&" : "?"
        exchange = try RawHTTP.get(port: server.port, path: "\(path)\(separator)token=\(server.token)")
        cookie = ("Cookie", String(exchange.headers["set-cookie"]?.split(separator: ";").first ?? ""))
        secret = Self.secret(in: exchange.body) ?? ""
    }

    /// The page secret in a page's `<meta name="facet-page">`, if any.
    public static func secret(in page: String) -> String? {
        guard let start = page.range(of: #"<meta name="facet-page" content=""#) else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The WebSocket's path with the page secret.
    public var socketPath: String { "/rpc?page=\(secret)" }
}
