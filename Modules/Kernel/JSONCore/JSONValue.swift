/// Any JSON value, kept exactly as written: a boolean stays a boolean and an
/// integer an integer, so validation can say precisely what was wrong.
///
/// JSONCore is a leaf utility with no dependencies (like a third-party
/// package), shared by the seed playlist parser and the JSON-lines front end:
/// both need a fast, exact JSON reader that reports where input is wrong,
/// which Foundation's JSONSerialization/JSONDecoder are not (slower on these
/// workloads, and no line numbers).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
