import ScreenKit

extension RPCSession {
    /// One client on stdin/stdout: requests are read until input ends,
    /// everything read is answered (and the work it started finished), then
    /// this returns. `facet --ui jsonl` is this, and so is the remote side
    /// of an SSH connection (`facet serve --stdio`), whose stdin and stdout
    /// are ssh's channel. `FACET_JSONL_MAX_LINE` and `FACET_JSONL_READ_AHEAD`
    /// in `environment` tune the bounds.
    public static func serveStandardStreams(
        catalog: any ScreenCatalog, home: ScreenRequest, version: String, environment: [String: String]
    ) async {
        let limit = environment["FACET_JSONL_MAX_LINE"].flatMap(Int.init) ?? RPCSession.defaultLineLimit
        let session = RPCSession(
            catalog: catalog, home: home, version: version, sink: FileDescriptorSink(fd: 1), lineLimit: limit)
        let readAhead = environment["FACET_JSONL_READ_AHEAD"].flatMap(Int.init) ?? LineReader.defaultReadAhead
        for await batch in LineReader(fd: 0, limit: limit, readAhead: readAhead).batches {
            await session.receive(batch: batch)
        }
        await session.drain()
        session.flush()
    }
}
