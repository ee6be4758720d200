#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ScreenKit

/// `facet --ui web`: every screen in a browser. An HTTP server on loopback
/// (the system picks the port unless `--listen` names one) serves one
/// generic page; each page opens one WebSocket that carries the JSON-RPC
/// session JSON lines speaks, so `screen.changed` updates it in place.
/// Prints a URL with a one-time token; `--open` hands it to the browser.
/// Runs until SIGTERM or SIGINT.
public enum WebFrontEnd: FrontEnd {
    public static let name = "web"
    /// The largest request a page may send over its WebSocket.
    nonisolated static let maxMessage = 1 << 20

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
        signal(SIGPIPE, SIG_IGN)
        if !options.isLoopback {
            fail("""
                facet: WARNING: listening on \(options.host), not loopback: anyone who can reach this address \
                and learns the URL can use Facet as you. The connection is not encrypted.
                """)
        }
        let access = AccessGuard(listenHost: options.host, token: .random())
        let pages = PageHost(catalog: context.catalog, home: context.home, version: context.version)
        let app = Application(
            responder: WebResponder(access: access),
            server: .http1WebSocketUpgrade { request, _, _ in
                guard access.acceptsHost(request.authority),
                    access.admits(cookies: request.headerFields[values: .cookie]),
                    access.acceptsOrigin(request.headerFields[.origin], host: request.authority),
                    request.path?.split(separator: "?").first == Substring(WebResponder.socketPath)
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    try await pages.serve(inbound: inbound, outbound: outbound)
                }
            },
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                access.bound(port: port)
                await announce(host: options.host, port: port, token: access, open: options.openBrowser, env: context.environment)
            },
            logger: Logger(label: "facet.web", factory: { _ in SwiftLogNoOpLogHandler() }))
        do {
            try await app.runService()
        } catch {
            fail("facet --ui web: \(error)")
            return 1
        }
        return 0
    }

    nonisolated static func announce(host: String, port: Int, token: AccessGuard, open: Bool, env: [String: String]) async {
        let shown = host.contains(":") ? "[\(host)]" : host
        let url = "http://\(shown):\(port)/?token=\(token.printedToken)"
        fail("facet: the web front end is at\n  \(url)\n(open it once: the token is exchanged for a cookie; Ctrl-C stops)")
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        if open { BrowserLauncher.open(url, environment: env) }
    }

    nonisolated static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
