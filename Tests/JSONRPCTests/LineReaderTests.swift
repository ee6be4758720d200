import Foundation
import JSONRPC
import Testing

/// The reader's two memory bounds: over-long lines are dropped, and it reads
/// no further ahead than its window however fast the writer is.
@Suite struct LineReaderTests {
    /// A writer thread counting how far it got before the pipe blocked it.
    final class Writer: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = 0
        var written: Int { lock.lock(); defer { lock.unlock() }; return bytes }

        func start(fd: Int32, total: Int, line: [UInt8]) {
            Thread {
                var sent = 0
                while sent < total {
                    let count = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    sent += count
                    self.lock.lock(); self.bytes = sent; self.lock.unlock()
                }
                close(fd)
            }.start()
        }
    }

    @Test func readsNoFurtherAheadThanItsWindow() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A]
        let total = 16 << 20
        let writer = Writer()
        writer.start(fd: fds[1], total: total, line: line)
        let reader = LineReader(fd: fds[0], limit: 1 << 20, readAhead: 256 << 10)
        var iterator = reader.batches.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.isEmpty == false)
        // Hold the first batch until the writer is stuck: its count has not
        // moved for a while (it blocks once the pipe and the window are full).
        // Past the bound is a failure already: no need to wait for it to stop.
        // The deadline is generous: on a loaded machine the writer thread
        // may get little time to fill the pipe and the window.
        let bound = 2 << 20
        var ahead = writer.written
        var still = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now - still < .milliseconds(300), ahead < bound, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            let now = writer.written
            if now != ahead { (ahead, still) = (now, ContinuousClock.now) }
        }
        #expect(ContinuousClock.now < deadline, "the writer never stopped: \(ahead) bytes")
        // The read-ahead (256 KiB) + one batch held by the reader + this one,
        // 64 KiB each, + the pipe's own buffer (64 KiB here, at most 1 MiB).
        #expect(ahead < bound, "the writer got \(ahead) bytes ahead")
        // Consuming lets it go on, to the end, with every line intact.
        var lines = first?.count ?? 0
        while let batch = await iterator.next() {
            for event in batch {
                guard case .line(let bytes) = event, bytes == Array(line.dropLast()) else {
                    Issue.record("unexpected event \(event)")
                    return
                }
            }
            lines += batch.count
        }
        #expect(lines == total / line.count + (total % line.count == 0 ? 0 : 1))
        close(fds[0])
    }

    @Test func overlongLinesAreReportedAndALastLineWithoutNewlineCounts() async {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let input = Array("ok\n".utf8) + [UInt8](repeating: 0x61, count: 300) + Array("\nlast".utf8)
        _ = input.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        var events: [LineReader.Event] = []
        for await batch in LineReader(fd: fds[0], limit: 100).batches { events += batch }
        #expect(events == [.line(Array("ok".utf8)), .tooLong(300), .line(Array("last".utf8))])
        close(fds[0])
    }
}
