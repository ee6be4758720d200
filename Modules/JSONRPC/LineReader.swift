#if canImport(Glibc)
import Glibc
#endif

import Foundation

/// Splits a file descriptor's bytes into lines on a background thread, and
/// reads no further ahead than a bounded window.
///
/// Memory stays bounded whatever the client does:
/// - a line longer than `limit` is not kept; the reader discards up to the
///   next newline and reports `.tooLong` once;
/// - the reader hands lines over in batches (one per `read` of at most
///   64 KiB) and waits once `window` batches are waiting to be answered.
///   The pipe then fills and the client's writes block: back-pressure, as
///   with any well-behaved Unix filter. Without it a client that writes
///   faster than it reads made the server buffer all its input (3 M short
///   lines: 1.93 GB).
///
/// A final line without a newline still counts.
public final class LineReader: Sendable {
    public enum Event: Equatable, Sendable {
        case line([UInt8])
        /// A line over the limit, discarded; its size in bytes.
        case tooLong(Int)
    }

    public let fd: Int32
    public let limit: Int
    /// How many batches may wait, read but not yet taken by the consumer.
    public let window: Int
    /// The most a single `read` takes in.
    public static let chunkSize = 1 << 16

    public init(fd: Int32, limit: Int, window: Int = 4) {
        self.fd = fd
        self.limit = limit
        self.window = max(1, window)
    }

    /// Batches of events in input order: the consumer answers a whole batch
    /// before flushing, so pipelined requests share write calls. Taking the
    /// next batch is what lets the reader read on. Iterate it once.
    public var batches: Batches {
        let (stream, continuation) = AsyncStream<[Event]>.makeStream(bufferingPolicy: .unbounded)
        let slots = DispatchSemaphore(value: window)
        let fd = fd
        let limit = limit
        let thread = Thread {
            var splitter = LineSplitter(limit: limit)
            var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                let batch = splitter.split(chunk[0..<count])
                if !batch.isEmpty {
                    slots.wait()
                    continuation.yield(batch)
                }
            }
            if let last = splitter.finish() {
                slots.wait()
                continuation.yield([last])
            }
            continuation.finish()
        }
        thread.name = "facet-line-reader"
        thread.start()
        return Batches(stream: stream, slots: slots)
    }

    /// The reader's batches; each `next()` frees the slot of the batch before.
    public struct Batches: AsyncSequence, Sendable {
        public typealias Element = [Event]
        let stream: AsyncStream<[Event]>
        let slots: DispatchSemaphore

        public func makeAsyncIterator() -> Iterator {
            Iterator(inner: stream.makeAsyncIterator(), slots: slots)
        }

        public struct Iterator: AsyncIteratorProtocol {
            var inner: AsyncStream<[Event]>.Iterator
            let slots: DispatchSemaphore
            var holding = false

            public mutating func next() async -> [Event]? {
                await next(isolation: nil)
            }

            public mutating func next(isolation actor: isolated (any Actor)?) async -> [Event]? {
                if holding { slots.signal() }
                let batch = await inner.next(isolation: actor)
                holding = batch != nil
                return batch
            }
        }
    }
}

/// Cuts bytes into lines across reads, dropping the bytes of over-long lines.
struct LineSplitter {
    let limit: Int
    private var line: [UInt8] = []
    private var discarding = false
    private var discarded = 0

    init(limit: Int) { self.limit = limit }

    /// The lines completed by `bytes`; the unfinished rest is kept.
    mutating func split(_ bytes: ArraySlice<UInt8>) -> [LineReader.Event] {
        var batch: [LineReader.Event] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            take(bytes[start..<newline])
            batch.append(discarding ? .tooLong(discarded) : .line(line))
            line.removeAll(keepingCapacity: line.capacity <= 1 << 20)
            discarding = false
            discarded = 0
            start = newline + 1
        }
        take(bytes[start...])
        return batch
    }

    /// The last line if the input did not end with a newline.
    mutating func finish() -> LineReader.Event? {
        if discarding { return .tooLong(discarded) }
        return line.isEmpty ? nil : .line(line)
    }

    private mutating func take(_ bytes: ArraySlice<UInt8>) {
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
