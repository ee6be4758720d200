import Foundation
import JSONCore
import ScreenKit

/// Writes JSON-RPC messages to stdout, one per line, and nothing else ever.
///
/// Messages are assembled from pre-encoded parts so that a snapshot encoded
/// once per version is reused by every read and notification of it.
final class RPCWriter {
    private let fd: Int32
    private let encoder = SnapshotJSON.encoder()
    private var pending: [UInt8] = []

    init(fd: Int32 = 1) { self.fd = fd }

    func encode<T: Encodable>(_ value: T) -> [UInt8] {
        (try? Array(encoder.encode(value))) ?? Array("null".utf8)
    }

    /// Ids and handles are on every message: written directly, not through
    /// JSONEncoder (which costs more than the rest of a cached response).
    func encode(_ value: JSONValue) -> [UInt8] { JSONWriter.bytes(value) }

    func encode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.writeString(text, into: &out)
        return out
    }

    func error(id: JSONValue, _ error: RPCError) {
        write(errorMessage(id: id, error))
    }

    func errorMessage(id: JSONValue, _ error: RPCError) -> [UInt8] {
        let body = ErrorBody(code: error.code, data: .init(code: error.dataCode), message: error.message)
        return Array(#"{"error":"#.utf8) + encode(body) + Array(#","id":"#.utf8) + encode(id)
            + Array(#","jsonrpc":"2.0"}"#.utf8)
    }

    func resultMessage(id: JSONValue, _ result: [UInt8]) -> [UInt8] {
        Array(#"{"id":"#.utf8) + encode(id) + Array(#","jsonrpc":"2.0","result":"#.utf8) + result + [0x7D]
    }

    func notification(method: String, params: [UInt8]) {
        write(Array(#"{"jsonrpc":"2.0","method":"#.utf8) + encode(method) + Array(#","params":"#.utf8) + params + [0x7D])
    }

    /// Queues one message line; `flush` sends what is queued. Batching the
    /// writes keeps a pipelined client from costing one syscall per message.
    func write(_ message: [UInt8]) {
        pending += message
        pending.append(0x0A)
        if pending.count >= 1 << 16 { flush() }
    }

    func flush() {
        StandardStreams.write(pending, to: fd)
        pending.removeAll(keepingCapacity: true)
    }

    private struct ErrorBody: Encodable {
        struct DataField: Encodable { var code: String }
        var code: Int
        var data: DataField
        var message: String
    }
}
