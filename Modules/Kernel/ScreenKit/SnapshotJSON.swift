import Foundation

/// The one JSON encoding of snapshots, shared by `--json` and JSON lines so
/// that both print byte-identical text: compact, keys sorted, invisible
/// controls escaped (`JSONInvisibleText`).
public enum SnapshotJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func data<T: Encodable>(_ value: T) -> Data {
        data(value, with: encoder())
    }

    /// With an encoder made by `encoder()` and kept by the caller.
    public static func data<T: Encodable>(_ value: T, with encoder: JSONEncoder) -> Data {
        // Encoding our own Codable value types cannot fail.
        JSONInvisibleText.escaping((try? encoder.encode(value)) ?? Data("null".utf8))
    }

    public static func string<T: Encodable>(_ value: T) -> String {
        String(decoding: data(value), as: UTF8.self)
    }
}
