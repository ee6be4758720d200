import JSONRPC
import ScreenKit

/// One browser page's JSON-RPC session: the same `RPCSession` JSON lines
/// and `facet serve` use, with a sink that hands each message to the page's
/// WebSocket (one message per WebSocket text frame, so no framing of its own).
@MainActor
final class PageLink: MessageSink {
    private let outbox: AsyncStream<String>.Continuation
    private var pending: [[UInt8]] = []
    private var session: RPCSession?

    init(catalog: any ScreenCatalog, home: ScreenRequest, version: String, outbox: AsyncStream<String>.Continuation) {
        self.outbox = outbox
        session = RPCSession(catalog: catalog, home: home, version: version, sink: self)
    }

    /// One text frame from the page: a request or a batch.
    func receive(_ text: String) async {
        await session?.receive(line: Array(text.utf8))
        session?.flush()
    }

    /// The page has gone: its screens close.
    func close() {
        session?.closeAll()
        session = nil
        outbox.finish()
    }

    func send(_ message: [UInt8]) { pending.append(message) }

    func flush() {
        for message in pending { outbox.yield(String(decoding: message, as: UTF8.self)) }
        pending.removeAll()
    }
}
