import Hummingbird
import Logging
import NIOCore

/// A connection must send a whole request head (up to its blank line)
/// within `limit` of connecting, or it is closed: an idle connection or one
/// that trickles its head a byte at a time would otherwise hold a
/// descriptor for ever, and a thousand of them, from any user on the
/// machine, would lock the user out. Later requests on a kept-alive
/// connection are bounded by the HTTP idle timeout, and an upgraded
/// WebSocket by its pings.
///
/// Sits first in the pipeline and looks only for the first `\r\n\r\n`,
/// then passes bytes through untouched.
final class HeaderDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let limit: TimeAmount
    private var seen = false
    /// The last bytes of the previous read, so a blank line split across reads is found.
    private var tail: [UInt8] = []
    private var timer: Scheduled<Void>?

    init(limit: TimeAmount) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !seen {
            let buffer = unwrapInboundIn(data)
            let bytes = tail + buffer.readableBytesView
            if bytes.count >= 4, bytes.indices.dropLast(3).contains(where: {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            }) {
                seen = true
                timer?.cancel()
                timer = nil
                tail = []
            } else {
                tail = Array(bytes.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil, !seen else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }
}
