import AsyncHTTPClient
import KernelDomain
import NIOCore
import NIOHTTP1
import Synchronization

/// Gathers one response on the event loop that reads it: the head, and the
/// whole body, or, for a success whose caller reads it as it arrives, the
/// body's pieces passed on through `pieces` as they come.
///
/// AsyncHTTPClient's `async` API delivered every body chunk to the awaiting
/// task: a hop to the caller's executor and back per chunk, plus, for
/// each request, a `Task` to an actor and (for our own timeout) a sleeping
/// child task, which started three dispatch threads in a one-shot command.
/// The delegate API runs on the event loop and its deadline is a timer on
/// that loop, so a collected request costs the caller one resumption.
final class ResponseCollector: HTTPClientResponseDelegate {
    struct Collected: Sendable {
        var status = 0
        var headers = NIOHTTP1.HTTPHeaders()
        var body: [UInt8] = []
        /// Bytes of the body so far, whether kept or passed on.
        var received = 0
        var streamed = false
        /// The body's SHA-256, when the request asked for it.
        var digest: [UInt8]?
    }
    typealias Response = Collected

    /// What a streamed body's reader is sent, in order.
    enum Piece: Sendable {
        case begin(expectedLength: Int?)
        case bytes(ByteBuffer)
    }
    typealias Pieces = AsyncThrowingStream<Piece, any Error>

    private let limit: Int
    private let pieces: Pieces.Continuation?
    /// Touched only on the request's event loop; the lock (never contended)
    /// is what lets the delegate be `Sendable`.
    private let state = Mutex(Collected())
    /// Fed with every piece when the request asked for the body's digest.
    private let hasher = Mutex<SHA256Hasher?>(nil)

    /// - Parameter pieces: where a success's body goes instead of into the
    ///   collected response; finished when the exchange ends either way.
    /// - Parameter digests: hash the body here, on the event loop, as it is
    ///   read (`HTTPRequest.digestsBody`): the loop has little else to do
    ///   while the caller parses the pieces it passed on.
    init(limit: Int, pieces: Pieces.Continuation? = nil, digests: Bool = false) {
        self.limit = limit
        self.pieces = pieces
        if digests { hasher.withLock { $0 = SHA256Hasher() } }
    }

    /// A declared length over the cap fails before any body is read; one
    /// under it sizes the buffer once, so every chunk is copied once.
    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let declared = head.headers.first(name: "Content-Length").flatMap(Int.init)
        if let declared, declared > limit { return fail(task, HTTPError.bodyTooLarge(limit: limit)) }
        let streams = pieces != nil && (200..<300).contains(Int(head.status.code))
        state.withLock { collected in
            collected.status = Int(head.status.code)
            collected.headers = head.headers
            collected.streamed = streams
            if let declared, !streams { collected.body.reserveCapacity(declared) }
        }
        if streams {
            pieces?.yield(.begin(expectedLength: declared))
        } else {
            pieces?.finish()
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    /// A body without a declared length (chunked) is checked as it grows.
    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let passOn = state.withLock { collected -> Bool? in
            guard buffer.readableBytes <= limit - collected.received else { return nil }
            collected.received += buffer.readableBytes
            if collected.streamed { return true }
            buffer.withUnsafeReadableBytes { collected.body.append(contentsOf: $0) }
            return false
        }
        guard let passOn else { return fail(task, HTTPError.bodyTooLarge(limit: limit)) }
        // Passed on first, so the caller works on it while this hashes it.
        if passOn { pieces?.yield(.bytes(buffer)) }
        hasher.withLock { hasher in
            if hasher != nil { buffer.withUnsafeReadableBytes { hasher?.update($0) } }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ error: any Error) {
        pieces?.finish(throwing: error)
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<Collected>) throws -> Collected {
        pieces?.finish()
        let digest = hasher.withLock { $0?.finalize() }
        return state.withLock { collected in
            collected.digest = digest
            defer { collected = Collected() }
            return collected
        }
    }

    private func fail(_ task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ error: HTTPError) -> EventLoopFuture<Void> {
        pieces?.finish(throwing: error)
        return task.eventLoop.makeFailedFuture(error)
    }
}
