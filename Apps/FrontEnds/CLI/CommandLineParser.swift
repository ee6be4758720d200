import ScreenKit

/// One CLI invocation, parsed against the registry's descriptors:
/// `<screen> [screen params] [<action> [action args]]`.
///
/// Generic on purpose: a new screen registered anywhere gets its CLI form
/// (and its `--help`) from its descriptor, with no CLI code written for it.
struct CommandLineRequest: Equatable {
    var screen: ScreenRequest
    var action: String?
    var arguments: ActionArguments
}

enum CommandLineParser {
    /// Parses `tokens` (without global flags such as `--json`).
    static func parse(_ tokens: [String], screens: [ScreenDescriptor]) throws(ScreenError) -> CommandLineRequest {
        guard let first = tokens.first else { throw .invalidParams("no screen given (try 'facet help')") }
        guard let descriptor = screens.first(where: { $0.id == first }) else {
            let known = screens.map(\.id).joined(separator: ", ")
            throw .invalidParams("unknown screen '\(first)' (screens: \(known))", code: "unknown_screen")
        }
        var rest = Array(tokens.dropFirst())
        var screenArgs = ActionArguments()
        var actionArgs = ActionArguments()
        var action: ActionDescriptor?
        var screenPositionals = descriptor.params.filter(\.positional)
        var actionPositionals: [ParamDescriptor] = []

        while !rest.isEmpty {
            let token = rest.removeFirst()
            if token.hasPrefix("--"), token.count > 2 {
                var name = String(token.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                let actionParam = action?.params.first { $0.name == name }
                let screenParam = descriptor.params.first { $0.name == name }
                guard let param = actionParam ?? screenParam else {
                    let owner = action.map { "action '\($0.name)'" } ?? "screen '\(descriptor.id)'"
                    throw .invalidParams("\(owner) has no option --\(name)")
                }
                if value == nil {
                    if param.kind == .bool {
                        value = "true"
                    } else if rest.isEmpty {
                        throw .invalidParams("option --\(name) needs a value")
                    } else {
                        value = rest.removeFirst()
                    }
                }
                if actionParam != nil {
                    actionArgs[name] = .string(value!)
                    actionPositionals.removeAll { $0.name == name }
                } else {
                    screenArgs[name] = .string(value!)
                    screenPositionals.removeAll { $0.name == name }
                }
                continue
            }
            if action == nil, let next = screenPositionals.first,
               next.required || !descriptor.actions.contains(where: { $0.name == token }) {
                screenArgs[next.name] = .string(token)
                screenPositionals.removeFirst()
                continue
            }
            if action == nil {
                guard let found = descriptor.actions.first(where: { $0.name == token }) else {
                    let known = descriptor.actions.map(\.name).joined(separator: ", ")
                    throw .invalidParams("screen '\(descriptor.id)' has no action '\(token)' (actions: \(known))", code: "unknown_action")
                }
                action = found
                actionPositionals = found.params.filter(\.positional)
                continue
            }
            guard let next = actionPositionals.first else {
                throw .invalidParams("unexpected argument '\(token)' for action '\(action!.name)'")
            }
            actionArgs[next.name] = .string(token)
            actionPositionals.removeFirst()
        }
        if let missing = screenPositionals.first(where: \.required) {
            throw .invalidParams("screen '\(descriptor.id)' needs \(missing.name.uppercased()) (\(missing.label))")
        }
        return CommandLineRequest(
            screen: ScreenRequest(screen: descriptor.id, params: screenArgs), action: action?.name, arguments: actionArgs)
    }
}
