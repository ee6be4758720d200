import AsyncHTTPClient
import Domain
import NIOCore
import NIOHTTP1
import Synchronization

/// Gathers one response, head and whole body, on the event loop that reads
/// it, and hands it over once, complete.
///
/// AsyncHTTPClient's `async` API delivered every body chunk to the awaiting
/// task: a hop to the caller's executor and back per 64 KB chunk, plus, for
/// each request, a `Task` to an actor and (for our own timeout) a sleeping
/// child task, which started three dispatch threads in a one-shot command.
/// The delegate API runs on the event loop and its deadline is a timer on
/// that loop, so a request costs the caller one resumption.
final class ResponseCollector: HTTPClientResponseDelegate {
    struct Collected: Sendable {
        var status = 0
        var headers = NIOHTTP1.HTTPHeaders()
        var body: [UInt8] = []
    }
    typealias Response = Collected

    private let limit: Int
    /// Touched only on the request's event loop; the lock (never contended)
    /// is what lets the delegate be `Sendable`.
    private let state = Mutex(Collected())

    init(limit: Int) { self.limit = limit }

    /// A declared length over the cap fails before any body is read; one
    /// under it sizes the buffer once, so every chunk is copied once.
    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let declared = head.headers.first(name: "Content-Length").flatMap(Int.init)
        if let declared, declared > limit {
            return task.eventLoop.makeFailedFuture(Domain.HTTPError.bodyTooLarge(limit: limit))
        }
        state.withLock { collected in
            collected.status = Int(head.status.code)
            collected.headers = head.headers
            if let declared { collected.body.reserveCapacity(declared) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    /// A body without a declared length (chunked) is checked as it grows.
    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = state.withLock { collected in
            guard buffer.readableBytes <= limit - collected.body.count else { return false }
            buffer.withUnsafeReadableBytes { collected.body.append(contentsOf: $0) }
            return true
        }
        return fits
            ? task.eventLoop.makeSucceededVoidFuture()
            : task.eventLoop.makeFailedFuture(Domain.HTTPError.bodyTooLarge(limit: limit))
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<Collected>) throws -> Collected {
        state.withLock { collected in
            defer { collected = Collected() }
            return collected
        }
    }
}
