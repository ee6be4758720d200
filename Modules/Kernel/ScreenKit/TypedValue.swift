/// A value as a program wants it: a number is a number, a time is ISO 8601,
/// a path is absolute. Lists and details carry one beside their display text
/// so that no client ever parses human text ("1.9 MB") to get at the data.
///
/// Encodes as the bare JSON scalar (`123`, `"/srv"`, `true`, `null`).
public enum TypedValue: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a typed value must be a JSON scalar")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }

    /// Plain text of the value, for front ends that have no display text.
    public var description: String {
        switch self {
        case .null: ""
        case .bool(let flag): String(flag)
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        }
    }

    public var intValue: Int? { if case .int(let number) = self { number } else { nil } }
    public var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    public var boolValue: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    public var isNull: Bool { self == .null }
}

extension TypedValue {
    /// `nil` becomes `.null`, so optional model fields map without ceremony.
    public static func int<T: BinaryInteger>(_ number: T?) -> TypedValue { number.map { .int(Int($0)) } ?? .null }
    public static func text(_ text: String?) -> TypedValue { text.map { .string($0) } ?? .null }
}

/// What kind of value a column or detail row holds: it fixes the JSON type
/// (see `jsonType`) and tells renderers how to align and format it.
public enum ValueType: String, Codable, CaseIterable, Sendable {
    /// Free text.
    case text
    /// A whole number: a count, a position, an id.
    case integer
    /// A decimal number.
    case number
    /// A whole number of bytes.
    case bytes
    /// A whole number of seconds.
    case seconds
    /// A point in time, ISO 8601 with its offset (`2026-11-22T14:05:00Z`).
    case datetime
    /// An absolute file-system path.
    case path
    /// An absolute URL.
    case url
    case boolean

    /// The JSON Schema `type` of values of this kind (they may also be null).
    public var jsonType: String {
        switch self {
        case .text, .datetime, .path, .url: "string"
        case .integer, .bytes, .seconds: "integer"
        case .number: "number"
        case .boolean: "boolean"
        }
    }

    /// The JSON Schema `format`, where one applies.
    public var jsonFormat: String? {
        switch self {
        case .datetime: "date-time"
        case .url: "uri"
        default: nil
        }
    }

    /// Numbers line up on the right in tables.
    public var isNumeric: Bool { jsonType == "integer" || jsonType == "number" }

    /// Whether `value` is of this kind (null is always allowed: "unknown").
    public func admits(_ value: TypedValue) -> Bool {
        switch (self.jsonType, value) {
        case (_, .null): true
        case ("string", .string(let text)):
            switch self {
            case .path: text.hasPrefix("/")
            default: true
            }
        case ("integer", .int): true
        case ("number", .int), ("number", .double): true
        case ("boolean", .bool): true
        default: false
        }
    }
}
