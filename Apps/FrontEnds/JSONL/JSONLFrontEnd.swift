#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ScreenKit

/// The machine interface on stdin/stdout: a thin transport over `JSONRPC`.
/// JSON-RPC 2.0, one message per line. Never exits on bad input; exits 0 at
/// end of input once everything read has been answered (and work it started
/// has finished).
public enum JSONLFrontEnd: FrontEnd {
    public static let name = "jsonl"

    public static func run(_ context: FrontEndContext) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let limit = context.environment["FACET_JSONL_MAX_LINE"].flatMap(Int.init) ?? RPCSession.defaultLineLimit
        let session = RPCSession(
            catalog: context.catalog, home: context.home, version: context.version,
            sink: FileDescriptorSink(fd: 1), lineLimit: limit)
        // Not a JSON-RPC message: a client reads only answers and notifications on stdout.
        for warning in context.catalog.warnings { StandardStreams.printError("facet: warning: \(warning)") }
        let readAhead = context.environment["FACET_JSONL_READ_AHEAD"].flatMap(Int.init) ?? LineReader.defaultReadAhead
        for await batch in LineReader(fd: 0, limit: limit, readAhead: readAhead).batches {
            await session.receive(batch: batch)
        }
        await session.drain()
        session.flush()
        return 0
    }
}
