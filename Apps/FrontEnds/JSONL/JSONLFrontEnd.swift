#if canImport(Glibc)
import Glibc
#endif
import ScreenKit

/// The machine interface: JSON-RPC 2.0 over stdin/stdout, one message per
/// line. Never exits on bad input; exits 0 at end of input once everything
/// read has been answered (and work it started has finished).
public enum JSONLFrontEnd: FrontEnd {
    public static let name = "jsonl"
    public static let protocolVersion = "1.0"
    /// Lines longer than this are answered with an error and discarded.
    public static let defaultLineLimit = 8 << 20

    public static func run(_ context: FrontEndContext) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let limit = context.environment["FACET_JSONL_MAX_LINE"].flatMap(Int.init) ?? defaultLineLimit
        let writer = RPCWriter(fd: 1)
        let session = RPCSession(context: context, writer: writer, lineLimit: limit)
        for await batch in LineReader(fd: 0, limit: limit).events {
            session.inBatch = true
            for event in batch { await session.receive(event) }
            session.inBatch = false
            writer.flush()
        }
        await session.drain()
        writer.flush()
        return 0
    }
}
