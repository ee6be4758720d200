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
///   64 KiB) and waits once the batches not yet taken by the consumer cost
///   `readAhead` bytes (each line counted with a fixed overhead, so a flood
///   of tiny lines is bounded too). The pipe then fills and the client's
///   writes block: back-pressure, as with any well-behaved Unix filter.
///   Without it a client that writes faster than it reads would make the
///   server buffer all its input.
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
    /// How much read input may wait for the consumer, in bytes (lines plus
    /// `lineOverhead` each). Big enough that the reader never starves a busy
    /// consumer, small against the machine's memory.
    public let readAhead: Int
    /// The most a single `read` takes in.
    public static let chunkSize = 1 << 16
    /// What one line costs besides its bytes (its array and event).
    public static let lineOverhead = 64
    public static let defaultReadAhead = 1 << 20

    public init(fd: Int32, limit: Int, readAhead: Int = LineReader.defaultReadAhead) {
        self.fd = fd
        self.limit = limit
        self.readAhead = max(1, readAhead)
    }

    /// Batches of events in input order: the consumer answers a whole batch
    /// before flushing, so pipelined requests share write calls. Taking the
    /// next batch is what lets the reader read on. Iterate it once.
    public var batches: Batches {
        let (stream, continuation) = AsyncStream<[Event]>.makeStream(bufferingPolicy: .unbounded)
        let budget = ReadAheadBudget(limit: readAhead)
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
                    budget.acquire(Self.cost(batch))
                    continuation.yield(batch)
                }
            }
            if let last = splitter.finish() {
                budget.acquire(Self.cost([last]))
                continuation.yield([last])
            }
            continuation.finish()
        }
        thread.name = "facet-line-reader"
        thread.start()
        return Batches(stream: stream, budget: budget)
    }

    /// What a batch counts against a read-ahead budget.
    public static func cost(_ batch: [Event]) -> Int {
        batch.reduce(0) { total, event in
            if case .line(let bytes) = event { return total + bytes.count + lineOverhead }
            return total + lineOverhead
        }
    }

    /// The reader's batches; each `next()` gives back the budget of the
    /// batch before it (which the consumer has answered by then).
    public struct Batches: AsyncSequence, Sendable {
        public typealias Element = [Event]
        let stream: AsyncStream<[Event]>
        let budget: ReadAheadBudget

        public func makeAsyncIterator() -> Iterator {
            Iterator(inner: stream.makeAsyncIterator(), budget: budget)
        }

        public struct Iterator: AsyncIteratorProtocol {
            var inner: AsyncStream<[Event]>.Iterator
            let budget: ReadAheadBudget
            var held = 0

            public mutating func next() async -> [Event]? {
                await next(isolation: nil)
            }

            public mutating func next(isolation actor: isolated (any Actor)?) async -> [Event]? {
                if held > 0 { budget.release(held) }
                let batch = await inner.next(isolation: actor)
                held = batch.map(LineReader.cost) ?? 0
                return batch
            }
        }
    }
}

/// Bytes read but not yet taken, shared by the reader thread (which waits
/// here) and the consumer (which gives them back).
final class ReadAheadBudget: @unchecked Sendable {
    private let condition = NSCondition()
    private var used = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Waits until `cost` more fits; a batch bigger than the whole budget
    /// goes through alone, when nothing else is outstanding.
    func acquire(_ cost: Int) {
        condition.lock()
        while used > 0, used + cost > limit { condition.wait() }
        used += cost
        condition.unlock()
    }

    func release(_ cost: Int) {
        condition.lock()
        used -= cost
        condition.broadcast()
        condition.unlock()
    }
}

/// Cuts bytes into lines across reads, dropping the bytes of over-long lines.
/// Public for transports that read on their own (an event-driven server).
public struct LineSplitter {
    public let limit: Int
    private var line: [UInt8] = []
    private var discarding = false
    private var discarded = 0

    public init(limit: Int) { self.limit = limit }

    /// The lines completed by `bytes`; the unfinished rest is kept.
    public mutating func split(_ bytes: ArraySlice<UInt8>) -> [LineReader.Event] {
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
    public mutating func finish() -> LineReader.Event? {
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
