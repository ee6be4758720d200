#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import ScreenKit

/// `facet serve [--socket PATH]`: one core, many clients. Listens on a Unix
/// socket; each connection speaks exactly the JSON-lines protocol of
/// `facet --ui jsonl`, with its own handles and its own view models, over
/// one shared core: a filter one client sets is its own, a change one
/// commits is read again by every other client's screens
/// (`SharedDataCatalog`). Runs until SIGTERM or
/// SIGINT; clients then get `server.stopping` and end of file.
///
/// The launcher passes `--socket` (its default is
/// `$XDG_RUNTIME_DIR/facet/facet.sock`, else under the data directory).
///
/// `facet serve --stdio` serves one client on stdin/stdout instead: the
/// remote end of `facet --connect ssh://host`, run by ssh on that host,
/// whose channel is the client's connection.
public enum ServeFrontEnd: FrontEnd {
    public static let name = "serve"
    public static let usage = "usage: facet serve [--socket PATH] [--stdio]"

    public static func run(_ context: FrontEndContext) async -> Int32 {
        var arguments = context.arguments[...]
        var path: String?
        var stdio = false
        while let argument = arguments.popFirst() {
            if argument == "--stdio" {
                stdio = true
            } else if argument == "--socket", let value = arguments.popFirst(), !value.isEmpty {
                path = value
            } else if argument == "--help" || argument == "-h" {
                print(usage)
                return 0
            } else {
                fail("facet serve: unexpected '\(TerminalText.sanitize(argument))' (\(usage))")
                return 2
            }
        }
        guard let path else {
            fail("facet serve: no socket path (\(usage))")
            return 2
        }
        signal(SIGPIPE, SIG_IGN)
        if stdio {
            await RPCSession.serveStandardStreams(
                catalog: context.catalog, home: context.home, version: context.version, environment: context.environment)
            return 0
        }
        let listener: SocketListener
        do {
            listener = try SocketListener.open(path: path)
        } catch {
            fail("facet serve: \(error)")
            return 1
        }
        let limit = context.environment["FACET_JSONL_MAX_LINE"].flatMap(Int.init) ?? RPCSession.defaultLineLimit
        let server = Server(listener: listener, context: context, lineLimit: limit)
        fail("facet: serving on \(path)")
        await server.run()
        return 0
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Accepts clients, runs a `Connection` for each, and stops on a signal.
///
/// Everything happens on the main actor, driven by one `EventLoop`.
/// Descriptors are a budget (`DescriptorBudget`): the server accepts no more
/// clients than its raised limit allows less a reserve, and
/// if `accept` still finds none left (EMFILE, ENFILE) it stops accepting
/// until a client leaves or `retryDelay` passes, instead of retrying at
/// once: the waiting clients stay in the kernel's backlog meanwhile.
@MainActor
final class Server {
    let listener: SocketListener
    let context: FrontEndContext
    let catalog: SharedDataCatalog
    let lineLimit: Int
    let peers = PeerCheck()
    let loop = EventLoop.shared
    static let retryDelay = DispatchTimeInterval.milliseconds(250)
    let maxConnections: Int
    private var connections: [Int: Connection] = [:]
    private var nextID = 0
    private var signals: [any DispatchSourceProtocol] = []
    private var accepts: Watch?
    private var retryScheduled = false
    private var stopped = false

    init(listener: SocketListener, context: FrontEndContext, lineLimit: Int) {
        self.listener = listener
        self.context = context
        self.lineLimit = lineLimit
        catalog = SharedDataCatalog(base: context.catalog)
        maxConnections = DescriptorBudget.maxConnections()
    }

    /// Returns when a SIGTERM or SIGINT has stopped the server.
    func run() async {
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let accepts = loop.watch(listener.fd)
        accepts.onReadable = { [weak self] in self?.acceptAll() }
        accepts.reading = true
        self.accepts = accepts
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { stop.yield() }
            source.resume()
            signals.append(source)
        }
        for await _ in stopped { break }
        shutdown()
    }

    func acceptAll() {
        while connections.count < maxConnections {
            switch listener.accept() {
            case .client(let fd):
                admit(fd)
            case .none:
                return
            case .outOfDescriptors:
                pauseAccepting(retry: true)
                return
            }
        }
        pauseAccepting(retry: false)
    }

    private func admit(_ fd: Int32) {
        if let refusal = peers.refusal(fd) {
            let message = #"{"error":{"code":-32600,"data":{"code":"peer_refused"},"message":"#
                + "\"Connection refused: \(refusal)\"},\"id\":null,\"jsonrpc\":\"2.0\"}\n"
            _ = message.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            close(fd)
            return
        }
        let connection = Connection(fd: fd, loop: loop, catalog: catalog, context: context, lineLimit: lineLimit)
        nextID += 1
        let id = nextID
        connections[id] = connection
        Task { @MainActor [weak self] in
            await connection.run()
            self?.connections[id] = nil
            self?.resumeAccepting()
        }
    }

    /// No more accepts for now: until a client leaves, and with `retry`
    /// also after a short delay (descriptors may be freed elsewhere).
    private func pauseAccepting(retry: Bool) {
        accepts?.reading = false
        guard retry, !retryScheduled else { return }
        retryScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.retryDelay) { [weak self] in
            MainActor.assumeIsolated {
                self?.retryScheduled = false
                self?.resumeAccepting()
            }
        }
    }

    private func resumeAccepting() {
        guard !stopped else { return }
        accepts?.reading = true
    }

    /// Stops accepting, tells every client, and removes the socket file.
    func shutdown() {
        stopped = true
        for source in signals { source.cancel() }
        accepts?.stop()
        listener.close()
        let notice = Array(#"{"jsonrpc":"2.0","method":"server.stopping","params":{}}"#.utf8)
        for connection in connections.values { connection.stop(notice: notice) }
    }
}
