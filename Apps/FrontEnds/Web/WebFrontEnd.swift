#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import JSONRPC
import Logging
import NIOCore
import ScreenKit

/// `facet --ui web`: every screen in a browser. An HTTP server on loopback
/// (the system picks the port unless `--listen` names one) serves one
/// generic page; each page opens one WebSocket that carries the JSON-RPC
/// session JSON lines speaks, so `screen.changed` updates it in place.
/// Prints a URL with the server's token, good for its lifetime (`--list`
/// prints it again); `--open` hands it to the browser.
/// Runs until SIGTERM or SIGINT.
public enum WebFrontEnd: FrontEnd {
    public static let name = "web"
    /// The largest request a page may send over its WebSocket.
    nonisolated static let maxMessage = 1 << 20
    /// How long a connection may take to send its first request head.
    nonisolated static let headerLimit = TimeAmount.seconds(10)
    /// How long a kept-alive HTTP connection may stay silent.
    nonisolated static let idleLimit = TimeAmount.seconds(60)
    /// How long a page has to answer the close frame before its socket is cut.
    nonisolated static let closeLimit = Duration.seconds(2)
    /// How long SIGTERM or SIGINT may take, whatever the pages do.
    nonisolated static let stopLimit = Duration.seconds(5)

    public static func run(_ context: FrontEndContext) async -> Int32 {
        let options: WebOptions
        do {
            options = try WebOptions(parsing: context.arguments)
        } catch {
            fail("facet --ui web: \(error.message) (\(WebOptions.usage))")
            return 2
        }
        if options.help {
            print(WebOptions.usage)
            return 0
        }
        let running = context.runtimeDirectory.map(RunningWebServers.init(folder:))
        if options.list { return list(running) }
        let recorded = RecordedFile()
        signal(SIGPIPE, SIG_IGN)
        if !options.isLoopback {
            fail("""
                facet: WARNING: listening on \(options.host), not loopback: anyone who can reach this address \
                and learns the URL can use Facet as you. The connection is not encrypted.
                """)
        }
        let access = AccessGuard(listenHost: options.host, token: .random())
        let stall = context.environment["FACET_WEB_STALL_SECONDS"].flatMap(Double.init).map { Duration.seconds($0) }
        let pages = PageHost(
            catalog: context.catalog, home: context.home, version: context.version, stallLimit: stall ?? .seconds(30))
        let upgrade = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: Self.idleLimit),
            ws: .init(maxFrameSize: maxMessage, closeTimeout: Self.closeLimit))
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: upgrade) { request, _, _ in
                    guard access.admitsSocket(
                        authority: request.authority, cookies: request.headerFields[values: .cookie],
                        origin: request.headerFields[.origin], target: request.path)
                    else { return .dontUpgrade }
                    return .upgrade([:]) { inbound, outbound, _ in
                        try await pages.serve(inbound: inbound, outbound: outbound)
                    }
                },
                headerLimit: Self.headerLimit)
        }
        let app = Application(
            responder: WebResponder(access: access, pages: pages),
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(DescriptorBudget.maxConnections())),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                access.bound(port: port)
                let url = await announce(host: options.host, port: port, token: access, open: options.openBrowser, env: context.environment)
                if let running { recorded.set(running.record(url)) }
            },
            logger: Logger(label: "facet.web", factory: { _ in SwiftLogNoOpLogHandler() }))
        let stopping = StopDeadline(pages: pages)
        defer { recorded.remove() }
        do {
            try await app.runService()
        } catch {
            fail("facet --ui web: \(error)")
            return 1
        }
        stopping.cancel()
        return 0
    }

    /// `--list`: each running server's URL on stdout, as `jupyter server
    /// list` prints them; none running is said on stderr, with status 1.
    static func list(_ running: RunningWebServers?) -> Int32 {
        let urls = running?.urls() ?? []
        guard !urls.isEmpty else {
            fail("facet: no web server is running (start one: facet --ui web)")
            return 1
        }
        for url in urls { print(url) }
        return 0
    }

    @discardableResult
    nonisolated static func announce(host: String, port: Int, token: AccessGuard, open: Bool, env: [String: String]) async -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        let url = "http://\(shown):\(port)/?token=\(token.printedToken)"
        fail("""
            facet: the web front end is at
              \(url)
            (open it in any browser while this server runs; facet --ui web --list prints it again; Ctrl-C stops)
            """)
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        if open { BrowserLauncher.open(url, environment: env) }
        return url
    }

    nonisolated static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
