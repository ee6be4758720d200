import Foundation
import JSONCore
import ScreenKit

/// Assembles JSON-RPC messages and hands them to a `MessageSink`.
///
/// Messages are built from pre-encoded parts so that a snapshot encoded once
/// per version is reused by every read and notification of it, and an id is
/// copied as the exact bytes the client sent (`RequestID`).
@MainActor
public final class RPCWriter {
    public let sink: any MessageSink
    private let encoder = SnapshotJSON.encoder()

    public init(sink: any MessageSink) { self.sink = sink }

    /// Any `Encodable` as JSON with sorted keys (`null` if it cannot be encoded).
    public func encode<T: Encodable>(_ value: T) -> [UInt8] {
        Array(SnapshotJSON.data(value, with: encoder))
    }

    /// Handles and small values are on every message: written directly, not
    /// through JSONEncoder (which costs more than the rest of a cached response).
    public func encode(_ value: JSONValue) -> [UInt8] { JSONWriter.bytes(value) }

    public func encode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.writeString(text, into: &out)
        return out
    }

    public func error(id: RequestID, _ error: RPCError) {
        write(errorMessage(id: id, error))
    }

    /// `{"error":{"code":…,"data":{"code":…},"message":…},"id":…,"jsonrpc":"2.0"}`,
    /// written directly (keys sorted): a flood of bad requests is answered
    /// as fast as good ones.
    public func errorMessage(id: RequestID, _ error: RPCError) -> [UInt8] {
        var out = Array(#"{"error":{"code":"#.utf8)
        out += Array(String(error.code).utf8)
        out += Array(#","data":{"code":"#.utf8)
        JSONWriter.writeString(error.dataCode, into: &out)
        out += Array(#"},"message":"#.utf8)
        JSONWriter.writeString(error.message, into: &out)
        out += Array(#"},"id":"#.utf8)
        out += id.text
        out += Array(#","jsonrpc":"2.0"}"#.utf8)
        return out
    }

    public func resultMessage(id: RequestID, _ result: [UInt8]) -> [UInt8] {
        Self.joined(Array(#"{"id":"#.utf8), id.text, Array(#","jsonrpc":"2.0","result":"#.utf8), result, [0x7D])
    }

    public func notification(method: String, params: [UInt8]) {
        write(notificationMessage(method: method, params: params))
    }

    /// A notification the sink may coalesce with earlier ones of the same key.
    public func notification(method: String, params: [UInt8], key: String) {
        sink.notify(notificationMessage(method: method, params: params), key: key)
    }

    public func notificationMessage(method: String, params: [UInt8]) -> [UInt8] {
        Self.joined(Array(#"{"jsonrpc":"2.0","method":"#.utf8), encode(method), Array(#","params":"#.utf8), params, [0x7D])
    }

    /// The parts one after another, copied once: `a + b + c` would copy a
    /// whole snapshot once per `+`, on the path of every snapshot read.
    public static func joined(_ parts: [UInt8]...) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { out += part }
        return out
    }

    /// Hands one whole message to the sink.
    public func write(_ message: [UInt8]) { sink.send(message) }

    public func flush() { sink.flush() }
}
