import JSONCore
import ScreenKit

/// `screen.confirmation`: the questions a front end asks before an action
/// whose effect asks first (`ActionEffect.asksFirst`), worded by the screen
/// itself, so a client attached
/// over the wire asks exactly what a local front end asks. Changes nothing.
extension RPCSession {
    /// `{handle, action, args, typedOnly?}` → `{question, typed}`:
    /// `question` names the target (null when the action would destroy
    /// nothing); `typed`, when the target needs a second, typed answer (the
    /// home folder), is `{question, param}` with the parameter that answer
    /// fills, else null. With `typedOnly` (a client that already asked the
    /// first question) `question` is null: wording it measures the target.
    func confirmation(_ params: JSONValue) async throws -> [UInt8] {
        let handle = try handle(params)
        guard case .string(let action)? = params["action"] else {
            throw RPCError.invalidParams("'action' must be an action name string")
        }
        let arguments = try Self.arguments(params["args"], name: "args")
        var typedOnly = false
        if let value = params["typedOnly"], value != .null {
            guard case .bool(let flag) = value else { throw RPCError.invalidParams("'typedOnly' must be a boolean") }
            typedOnly = flag
        }
        guard let screen = screen(handle) else { throw RPCError.unknownHandle(handle) }
        let snapshot = screen.snapshot
        guard let descriptor = snapshot.action(action) else {
            let known = snapshot.actions.map(\.name).joined(separator: ", ")
            throw ScreenError.invalidParams(
                "screen '\(snapshot.screen)' has no action '\(action)' (actions: \(known))", code: "unknown_action")
        }
        // Checked as `screen.perform` would check them, so the question is
        // about the very arguments the action will run with.
        let valid = try descriptor.validate(arguments)
        var question: String?
        // Ending in what the effect says of undoing it, whatever the screen
        // sent, so a client shows the question as it comes (the web page).
        if !typedOnly { question = try await screen.confirmation(of: action, valid).map(descriptor.effect.question) }
        var typed = JSONValue.null
        // Only an action that can take the typed answer has a typed question.
        if descriptor.params.contains(where: { $0.name == StandardParam.confirmPath }),
           let words = try await screen.typedConfirmation(of: action, valid) {
            typed = .object(["question": .string(words), "param": .string(StandardParam.confirmPath)])
        }
        return writer.encode(JSONValue.object([
            "question": question.map(JSONValue.string) ?? .null,
            "typed": typed,
        ]))
    }
}
