/// An error a screen reports to whoever drove it.
///
/// `kind` tells a front end how to classify it (usage error vs runtime
/// failure; which JSON-RPC code), `code` is stable for programs, `message` is
/// written for people.
public struct ScreenError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        /// The caller asked wrongly: bad arguments, a disabled action, an
        /// unknown screen. CLI exit 2, JSON-RPC -32602.
        case invalidParams
        /// The thing asked for does not exist. CLI exit 1, JSON-RPC -32001.
        case notFound
        /// The request was right but the world said no (file unreadable,
        /// database locked, name taken). CLI exit 1, JSON-RPC -32000.
        case failed
    }

    public var kind: Kind
    public var code: String
    public var message: String

    public init(kind: Kind, code: String, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public static func invalidParams(_ message: String, code: String = "invalid_params") -> ScreenError {
        ScreenError(kind: .invalidParams, code: code, message: message)
    }

    public static func notFound(_ message: String, code: String = "not_found") -> ScreenError {
        ScreenError(kind: .notFound, code: code, message: message)
    }

    public static func failed(_ message: String, code: String) -> ScreenError {
        ScreenError(kind: .failed, code: code, message: message)
    }

    public var description: String { message }
}
