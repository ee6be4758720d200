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
        // Not a JSON-RPC message: a client reads only answers and notifications on stdout.
        for warning in context.catalog.warnings { StandardStreams.printError("facet: warning: \(warning)") }
        await RPCSession.serveStandardStreams(
            catalog: context.catalog, home: context.home, version: context.version, environment: context.environment)
        return 0
    }
}
