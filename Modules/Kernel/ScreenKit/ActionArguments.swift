import Foundation

/// A scalar argument as it arrives from any front end: JSON gives typed
/// values, a command line gives strings; `ParamDescriptor` normalises both.
public enum ArgumentValue: Codable, Equatable, Sendable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "an argument must be a string, a whole number or a boolean")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        }
    }

    public var stringValue: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .bool: nil
        }
    }

    public var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .string(let text):
            // One number, white space around it allowed. Not Foundation's
            // trimming: on Linux its first use in a process goes through
            // NSString and CFCharacterSet (runtime conformance scans).
            let words = text.split(whereSeparator: \.isWhitespace)
            return words.count == 1 ? Int(words[0]) : nil
        case .bool: return nil
        }
    }

    public var boolValue: Bool? {
        switch self {
        case .bool(let flag): flag
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes", "1", "on": true
            case "false", "no", "0", "off": false
            default: nil
            }
        case .int: nil
        }
    }

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}

/// Named arguments of one action call (or of opening a screen).
public struct ActionArguments: Codable, Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var values: [String: ArgumentValue]

    public init(_ values: [String: ArgumentValue] = [:]) { self.values = values }
    public init(dictionaryLiteral elements: (String, ArgumentValue)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public init(from decoder: Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: ArgumentValue].self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    public subscript(name: String) -> ArgumentValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public var names: [String] { Array(values.keys) }
    public var isEmpty: Bool { values.isEmpty }

    public func string(_ name: String) -> String? { values[name]?.stringValue }
    public func int(_ name: String) -> Int? { values[name]?.intValue }
    public func bool(_ name: String) -> Bool? { values[name]?.boolValue }

    /// A required string, for actions whose schema made it required (so the
    /// error can only come from calling a view model without validation).
    public func require(_ name: String) throws(ScreenError) -> String {
        guard let value = string(name) else { throw .invalidParams("missing '\(name)'") }
        return value
    }

    public func requireInt(_ name: String) throws(ScreenError) -> Int {
        guard let value = int(name) else { throw .invalidParams("'\(name)' must be a whole number") }
        return value
    }
}
