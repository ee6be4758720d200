#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ScreenKit

/// One connected client: its own `RPCSession` (its own handles) over the
/// server's shared catalog, fed by a bounded `LineReader` on the socket and
/// writing through a `ConnectionSink` that never blocks the others.
///
/// The socket stays blocking for the reader thread; the sink writes with
/// `MSG_DONTWAIT`. When the client closes its side (or dies), everything it
/// sent is answered, the answers are written if it still reads, and its
/// handles are released.
@MainActor
final class Connection {
    let fd: Int32
    let sink: ConnectionSink
    let session: RPCSession
    let lineLimit: Int
    /// Input read ahead per client: smaller than stdio's, as a server holds
    /// one per connection (100 clients: 25 MiB at most).
    static let readAhead = 1 << 18

    init(fd: Int32, catalog: any ScreenCatalog, context: FrontEndContext, lineLimit: Int) {
        self.fd = fd
        self.lineLimit = lineLimit
        sink = ConnectionSink(fd: fd)
        session = RPCSession(
            catalog: catalog, home: context.home, version: context.version, sink: sink, lineLimit: lineLimit)
    }

    /// Serves the client until it closes its side; then releases it.
    func run() async {
        for await batch in LineReader(fd: fd, limit: lineLimit, readAhead: Self.readAhead).batches {
            sink.inBatch = true
            await session.receive(batch: batch)
            sink.inBatch = false
            sink.flush()
            // A client that does not read its answers is not read either.
            await sink.waitUntilUncongested()
        }
        await session.drain()
        session.flush()
        await sink.waitUntil(backlogAtMost: 0)
        session.closeAll()
        sink.close()
        Glibc.close(fd)
    }

    /// The server is stopping: a last notification if the client can take
    /// it, then end of file (the reader thread sees it too and ends).
    func stop(notice: [UInt8]) {
        sink.sendFinal(notice)
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
