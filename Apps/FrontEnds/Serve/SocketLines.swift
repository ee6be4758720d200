#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

/// A client's requests, read from its non-blocking socket when the event
/// loop says there is input, cut into lines, and handed over in batches
/// (one per read), as `LineReader` does for a blocking descriptor but
/// without a thread of its own.
///
/// Memory stays bounded the same way: a line over `limit` is discarded and
/// reported once as `.tooLong`; batches read but not yet answered may cost
/// `readAhead` bytes (lines plus `LineReader.lineOverhead` each), after
/// which the socket is no longer read: the client's writes then block,
/// which is its back-pressure. All connections share one read buffer, since
/// reads happen one at a time on the main actor.
@MainActor
final class SocketLines {
    let watch: Watch
    let readAhead: Int
    private var splitter: LineSplitter
    private var queue: [[LineReader.Event]] = []
    /// The cost of the queued batches and of the one the consumer holds.
    private var queued = 0
    private var held = 0
    /// Input has ended (end of file, or the socket failed).
    private(set) var ended = false
    private var waiter: CheckedContinuation<[LineReader.Event]?, Never>?
    private var deliveries = 0

    private static var buffer = [UInt8](repeating: 0, count: LineReader.chunkSize)

    init(watch: Watch, limit: Int, readAhead: Int) {
        self.watch = watch
        self.readAhead = max(1, readAhead)
        splitter = LineSplitter(limit: limit)
        watch.onReadable = { [unowned self] in self.fill() }
        updateInterest()
    }

    /// The next batch in input order, or nil once input has ended and
    /// everything was taken. Taking it gives back the budget of the batch
    /// before (answered by then), which lets reading go on.
    func next() async -> [LineReader.Event]? {
        held = 0
        if queue.isEmpty, !ended, watch.hungUp { drainAfterHangup() }
        if !queue.isEmpty {
            let batch = queue.removeFirst()
            let cost = LineReader.cost(batch)
            queued -= cost
            held = cost
            updateInterest()
            return batch
        }
        if ended { return nil }
        updateInterest()
        return await withCheckedContinuation { waiter = $0 }
    }

    /// The peer has gone: the event loop no longer reports this socket, and
    /// what it sent before is read at once (it can only be data or the end).
    func peerHungUp() {
        if waiter != nil { drainAfterHangup() }
    }

    /// Reads until a batch is there or input has ended.
    private func drainAfterHangup() {
        let before = deliveries
        while !ended, deliveries == before {
            guard read(afterHangup: true) else { return }
        }
    }

    /// One read, when the event loop reports input.
    private func fill() {
        _ = read(afterHangup: false)
        updateInterest()
    }

    /// Reads one chunk; false if nothing could be read now.
    private func read(afterHangup: Bool) -> Bool {
        guard !ended else { return false }
        let count = Self.buffer.withUnsafeMutableBytes { Glibc.read(watch.fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { return true }
            // Nothing now: wait for the loop, unless no event will come.
            if errno == EAGAIN || errno == EWOULDBLOCK, !afterHangup { return false }
            end()
            return true
        }
        if count == 0 {
            end()
            return true
        }
        let batch = splitter.split(Self.buffer[0..<count])
        if !batch.isEmpty { deliver(batch) }
        return true
    }

    private func end() {
        ended = true
        if let last = splitter.finish() { deliver([last]) }
        if let waiter, queue.isEmpty {
            self.waiter = nil
            waiter.resume(returning: nil)
        }
        updateInterest()
    }

    private func deliver(_ batch: [LineReader.Event]) {
        deliveries += 1
        let cost = LineReader.cost(batch)
        if let waiter {
            self.waiter = nil
            held = cost
            waiter.resume(returning: batch)
        } else {
            queue.append(batch)
            queued += cost
        }
    }

    /// Read while input may still come and the budget has room.
    private func updateInterest() {
        watch.reading = !ended && queued + held < readAhead
    }
}
