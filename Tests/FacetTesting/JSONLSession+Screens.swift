import Foundation

/// The JSON-lines methods a test of a screen calls, as typed calls: open a
/// screen, perform an action, read its snapshot. A JSON-RPC error comes back
/// as a thrown `RPCFailure` carrying its code, so a test checks the code.
extension JSONLSession {
    public struct RPCFailure: Error, CustomStringConvertible {
        public var code: Int
        public var message: String
        /// The code in the error's `data`: a screen error's own
        /// (`bookmarks.invalid_url`) or the protocol's (`unknown_handle`).
        public var dataCode: String?
        public var description: String { "JSON-RPC error \(code): \(message)" }
    }

    public struct UnexpectedAnswer: Error, CustomStringConvertible {
        public var description: String
    }

    /// The result of `method`, or its error thrown as `RPCFailure`.
    public func result(_ method: String, _ params: [String: Any]? = nil, timeout: TimeInterval = 20) throws -> Any {
        let answer = try request(method, params, timeout: timeout)
        if let error = answer["error"] as? [String: Any] {
            throw RPCFailure(
                code: error["code"] as? Int ?? 0, message: error["message"] as? String ?? "",
                dataCode: (error["data"] as? [String: Any])?["code"] as? String)
        }
        guard let result = answer["result"] else { throw UnexpectedAnswer(description: "no result or error: \(answer)") }
        return result
    }

    /// The screen ids `screens.list` offers.
    public func screenIDs() throws -> [String] {
        (try result("screens.list") as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// `screen.open`: the new screen's handle and first snapshot.
    public func open(_ screen: String, args: [String: Any] = [:]) throws -> ScreenState {
        try state(result("screen.open", args.isEmpty ? ["screen": screen] : ["screen": screen, "args": args]))
    }

    /// `screen.perform`: the screen's state after the action.
    public func perform(_ handle: String, _ action: String, _ args: [String: Any] = [:]) throws -> ScreenState {
        try state(result("screen.perform", ["handle": handle, "action": action, "args": args]))
    }

    /// `screen.snapshot`: the screen's state now.
    public func snapshot(_ handle: String) throws -> ScreenState {
        try state(result("screen.snapshot", ["handle": handle]))
    }

    private func state(_ result: Any) throws -> ScreenState {
        guard let object = result as? [String: Any], let state = ScreenState(object) else {
            throw UnexpectedAnswer(description: "not a screen state: \(result)")
        }
        return state
    }
}
