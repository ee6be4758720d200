import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The web face's child channel: Hummingbird's HTTP and WebSocket pipeline
/// with `HeaderDeadline` in front of it and `AbsoluteFormTarget` just after
/// its HTTP decoder.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let headerLimit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HeaderDeadline(limit: headerLimit), position: .first)
        }.flatMap {
            let value = inner.setup(channel: channel, logger: logger)
            return channel.eventLoop.makeCompletedFuture {
                let decoder = try channel.pipeline.syncOperations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try channel.pipeline.syncOperations.addHandler(AbsoluteFormTarget(), position: .after(decoder.handler))
            }.flatMap { value }
        }
    }

    func handle(value: Value, logger: Logger) async { await inner.handle(value: value, logger: logger) }
}
