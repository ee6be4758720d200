#if canImport(Glibc)
import Glibc
#endif

import Foundation
/// Splits a file descriptor's bytes into lines on a background thread.
///
/// Memory stays bounded whatever arrives: a line longer than `limit` is not
/// kept; the reader discards up to the next newline and reports `.tooLong`
/// once. A final line without a newline still counts.
final class LineReader: Sendable {
    enum Event: Sendable {
        case line([UInt8])
        case tooLong(Int)
    }

    let fd: Int32
    let limit: Int

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// Events in batches, one batch per read: the consumer answers a whole
    /// batch before flushing, so pipelined requests share write calls.
    var events: AsyncStream<[Event]> {
        let (stream, continuation) = AsyncStream<[Event]>.makeStream(bufferingPolicy: .unbounded)
        let fd = fd
        let limit = limit
        let thread = Thread {
            var line: [UInt8] = []
            var discarding = false
            var discarded = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                var start = 0
                var batch: [Event] = []
                for index in 0..<count where chunk[index] == 0x0A {
                    Self.take(chunk[start..<index], &line, &discarding, &discarded, limit)
                    batch.append(discarding ? .tooLong(discarded) : .line(line))
                    line.removeAll(keepingCapacity: line.capacity <= 1 << 20)
                    discarding = false
                    discarded = 0
                    start = index + 1
                }
                Self.take(chunk[start..<count], &line, &discarding, &discarded, limit)
                if !batch.isEmpty { continuation.yield(batch) }
            }
            if discarding {
                continuation.yield([.tooLong(discarded)])
            } else if !line.isEmpty {
                continuation.yield([.line(line)])
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }

    private static func take(
        _ bytes: ArraySlice<UInt8>, _ line: inout [UInt8], _ discarding: inout Bool, _ discarded: inout Int, _ limit: Int
    ) {
        if discarding {
            discarded += bytes.count
            return
        }
        if line.count + bytes.count > limit {
            discarding = true
            discarded = line.count + bytes.count
            line = []
            return
        }
        line.append(contentsOf: bytes)
    }
}
