#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ScreenKit

/// One connected client: its own `RPCSession` (its own handles) over the
/// server's shared catalog, fed by bounded `SocketLines` on the socket and
/// writing through a `ConnectionSink` that never blocks the others. Both
/// share one `Watch` in the server's event loop: an idle client costs that
/// entry and a suspended task, no thread.
///
/// When the client closes its side, everything it sent is answered, the
/// answers are written if it still reads, and its handles are released.
/// When it has gone entirely (closed or killed), the loop reports a hang-up
/// at once, even while one of its requests is running.
@MainActor
final class Connection {
    let fd: Int32
    let watch: Watch
    let lines: SocketLines
    let sink: ConnectionSink
    let session: RPCSession
    let lineLimit: Int
    /// Input read ahead per client: smaller than stdio's, as a server holds
    /// one per connection.
    static let readAhead = 1 << 18
    /// The most work one client gets before the others have a turn.
    static let turn = Duration.milliseconds(2)

    init(fd: Int32, loop: EventLoop, catalog: any ScreenCatalog, context: FrontEndContext, lineLimit: Int) {
        self.fd = fd
        self.lineLimit = lineLimit
        watch = loop.watch(fd)
        lines = SocketLines(watch: watch, limit: lineLimit, readAhead: Self.readAhead)
        sink = ConnectionSink(watch: watch)
        session = RPCSession(
            catalog: catalog, home: context.home, version: context.version, sink: sink, lineLimit: lineLimit)
        watch.onHangup = { [unowned self] in self.peerGone() }
    }

    /// Serves the client until it closes its side; then releases it and
    /// closes the socket.
    func run() async {
        var busy = Duration.zero
        while let batch = await lines.next() {
            let started = ContinuousClock.now
            sink.inBatch = true
            await session.receive(batch: batch)
            sink.inBatch = false
            sink.flush()
            // A client that does not read its answers is not read either.
            await sink.waitUntilUncongested()
            // Batches already read come without a pause: a client whose
            // requests keep coming would keep the others waiting. Let them
            // in after every few milliseconds of work for this one.
            busy += ContinuousClock.now - started
            if busy > Self.turn {
                busy = .zero
                await Task.yield()
            }
        }
        await session.drain()
        session.flush()
        await sink.waitUntil(backlogAtMost: 0)
        session.closeAll()
        sink.close()
        watch.stop()
        Glibc.close(fd)
    }

    /// The client has gone entirely (closed or killed) while a request of
    /// its own may still be running: nothing more can be said to it, and
    /// its screens are released now rather than when that request ends
    /// (a pending `screen.wait` returns at once). What it sent before is
    /// still read and answered into the void, as if it had stayed.
    func peerGone() {
        sink.close()
        session.closeAll()
        lines.peerHungUp()
    }

    /// The server is stopping: a last notification if the client can take
    /// it, then end of file (its input ends too).
    func stop(notice: [UInt8]) {
        sink.sendFinal(notice)
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
