import JSONRPC
import ScreenKit

/// One browser page's JSON-RPC session: the same `RPCSession` JSON lines
/// and `facet serve` use, with a sink that hands each message to the page's
/// `PageOutbox` (one message per WebSocket text frame, so no framing of its
/// own). A batch's answers and the notifications it caused reach the
/// outbox together at `flush`, answers first, so a notification never
/// overtakes the answer of the request that caused it.
@MainActor
final class PageLink: MessageSink {
    let outbox: PageOutbox
    private var pending: [String] = []
    private var pendingNotes: [(key: String, message: String)] = []
    private var session: RPCSession?

    init(catalog: any ScreenCatalog, home: ScreenRequest, version: String, outbox: PageOutbox) {
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
        pending = []
        pendingNotes = []
        outbox.finish()
    }

    func send(_ message: [UInt8]) { pending.append(String(decoding: message, as: UTF8.self)) }

    func notify(_ message: [UInt8], key: String) {
        pendingNotes.append((key, String(decoding: message, as: UTF8.self)))
    }

    func flush() {
        guard !pending.isEmpty || !pendingNotes.isEmpty else { return }
        outbox.post(answers: pending, notifications: pendingNotes)
        pending.removeAll()
        pendingNotes.removeAll()
    }
}
