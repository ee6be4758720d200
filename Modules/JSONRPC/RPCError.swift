import ScreenKit

/// A JSON-RPC error object. Standard codes for protocol faults; screen
/// errors map by kind; `data.code` is always a stable string for programs.
public struct RPCError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String
    public var dataCode: String

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// Application errors (-32000…-32099).
    public static let failedCode = -32000
    public static let notFoundCode = -32001

    public static func parse(_ message: String) -> RPCError {
        RPCError(code: parseErrorCode, message: "Parse error: \(message)", dataCode: "parse_error")
    }

    public static func invalidRequest(_ message: String, dataCode: String = "invalid_request") -> RPCError {
        RPCError(code: invalidRequestCode, message: "Invalid request: \(message)", dataCode: dataCode)
    }

    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: methodNotFoundCode, message: "Method not found: \(method)", dataCode: "unknown_method")
    }

    public static func invalidParams(_ message: String, dataCode: String = "invalid_params") -> RPCError {
        RPCError(code: invalidParamsCode, message: "Invalid params: \(message)", dataCode: dataCode)
    }

    public static func unknownHandle(_ handle: String) -> RPCError {
        RPCError(code: notFoundCode, message: "No open screen with handle '\(handle)' (closed or never opened).",
                 dataCode: "unknown_handle")
    }

    public init(code: Int, message: String, dataCode: String) {
        self.code = code
        self.message = message
        self.dataCode = dataCode
    }

    public init(_ error: ScreenError) {
        switch error.kind {
        case .invalidParams: self.init(code: Self.invalidParamsCode, message: error.message, dataCode: error.code)
        case .notFound: self.init(code: Self.notFoundCode, message: error.message, dataCode: error.code)
        case .failed: self.init(code: Self.failedCode, message: error.message, dataCode: error.code)
        }
    }
}
