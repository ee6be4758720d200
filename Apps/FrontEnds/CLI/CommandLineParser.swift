import ScreenKit

/// One CLI invocation, parsed against the registry's descriptors:
/// `<screen> [screen params] [<action> [action args]]`, where a
/// `set-field FIELD VALUE` step may be followed by more steps
/// (`login set-field first-name Ada set-field last-name Lovelace`), so that
/// one command can fill a form before it is submitted.
///
/// Generic on purpose: a new screen registered anywhere gets its CLI form
/// (and its `--help`) from its descriptor, with no CLI code written for it.
struct CommandLineRequest: Equatable {
    struct Step: Equatable {
        var action: String
        var arguments: ActionArguments
    }

    var screen: ScreenRequest
    var steps: [Step]

    /// The last action asked for (the one whose result is shown).
    var action: String? { steps.last?.action }
    var arguments: ActionArguments { steps.last?.arguments ?? [:] }
}

enum CommandLineParser {
    /// Parses `tokens` (without the output options, see `OutputMode`).
    static func parse(_ tokens: [String], screens: [ScreenDescriptor]) throws(ScreenError) -> CommandLineRequest {
        guard let first = tokens.first else { throw .invalidParams("no screen given (try 'facet help')") }
        guard let descriptor = screens.first(where: { $0.id == first }) else {
            throw unknownScreen(first, tokens: tokens, screens: screens)
        }
        var rest = Array(tokens.dropFirst())
        var screenArgs = ActionArguments()
        var screenPositionals = descriptor.params.filter(\.positional)
        var steps: [CommandLineRequest.Step] = []
        var action: ActionDescriptor?
        var actionArgs = ActionArguments()
        var actionPositionals: [ParamDescriptor] = []

        func finishStep() {
            if let action { steps.append(.init(action: action.name, arguments: actionArgs)) }
            action = nil
            actionArgs = ActionArguments()
            actionPositionals = []
        }

        while !rest.isEmpty {
            let token = rest.removeFirst()
            if token.hasPrefix("--"), token.count > 2 {
                var name = String(token.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                // `--items 1,4,7` is the plural of an item parameter that takes several.
                let actionParam = action?.params.first { $0.name == name || ($0.takesSeveral && name == $0.name + "s") }
                let screenParam = descriptor.params.first { $0.name == name }
                guard let param = actionParam ?? screenParam else {
                    let owner = action.map { "action '\($0.name)'" } ?? "screen '\(descriptor.id)'"
                    // One reverse flag on a screen: `--descending` belongs
                    // to the `sort` action's absolute direction only.
                    if action == nil, name == StandardParam.descending, descriptor.params.contains(where: { $0.name == StandardParam.reverse }) {
                        throw .invalidParams(
                            "\(owner) has no option --descending: --reverse orders the other way round "
                                + "(as in facet \(descriptor.id) … --sort KEY --reverse)")
                    }
                    let known = (action?.params ?? []).map(\.name) + descriptor.params.map(\.name) + OutputMode.optionNames
                    throw .invalidParams(
                        "\(owner) has no option --\(name)" + Suggestion.hint(for: name, in: known) { "--\($0)" })
                }
                if value == nil {
                    if param.kind == .bool {
                        value = "true"
                    } else if rest.isEmpty {
                        throw .invalidParams("option --\(name) needs a value (\(param.label))")
                    } else {
                        value = rest.removeFirst()
                    }
                }
                try checkChoice(value!, for: param, of: actionParam != nil ? "action '\(action!.name)'" : "screen '\(descriptor.id)'")
                if actionParam != nil {
                    actionArgs[param.name] = .string(value!)
                    actionPositionals.removeAll { $0.name == param.name }
                } else if param.repeatable, let earlier = screenArgs.string(name) {
                    screenArgs[name] = .string(earlier + "\n" + value!)
                } else {
                    screenArgs[name] = .string(value!)
                    screenPositionals.removeAll { $0.name == name }
                }
                continue
            }
            if action == nil, steps.isEmpty, let next = screenPositionals.first,
               next.required || !descriptor.actions.contains(where: { $0.name == token }) {
                try checkChoice(token, for: next, of: "screen '\(descriptor.id)'")
                screenArgs[next.name] = .string(token)
                screenPositionals.removeFirst()
                continue
            }
            if let current = action, let next = actionPositionals.first {
                try checkChoice(token, for: next, of: "action '\(current.name)'")
                actionArgs[next.name] = .string(token)
                actionPositionals.removeFirst()
                continue
            }
            if let current = action {
                // A filled-in `set-field` may be followed by another step,
                // and `load-more` by another `load-more` (each adds a page).
                let chains = current.name == StandardAction.setField
                    || (current.name == StandardAction.loadMore && token == StandardAction.loadMore)
                guard chains, let found = descriptor.actions.first(where: { $0.name == token }) else {
                    throw .invalidParams("unexpected argument '\(token)' after action '\(current.name)'")
                }
                finishStep()
                action = found
                actionPositionals = found.params.filter(\.positional)
                continue
            }
            guard let found = descriptor.actions.first(where: { $0.name == token }) else {
                throw unknownAction(token, on: descriptor, tokens: tokens, screenArgs: screenArgs, screens: screens)
            }
            action = found
            actionPositionals = found.params.filter(\.positional)
        }
        if let missing = screenPositionals.first(where: \.required) {
            throw .invalidParams("screen '\(descriptor.id)' needs \(missing.name.uppercased()) (\(missing.label))")
        }
        finishStep()
        return CommandLineRequest(screen: ScreenRequest(screen: descriptor.id, params: screenArgs), steps: steps)
    }

    // MARK: Did you mean

    /// A value outside a parameter's choices, refused with the closest one
    /// (`--sort nmae`: did you mean 'name'?). Same words as ScreenKit's
    /// check, and the same choices: any case, or an alias (a column's label).
    static func checkChoice(_ value: String, for param: ParamDescriptor, of context: String) throws(ScreenError) {
        guard param.kind == .choice, let choices = param.choices, param.choice(value) == nil else { return }
        throw .invalidParams(
            "\(context): '\(param.name)' must be one of: \(choices.joined(separator: ", "))"
                + Suggestion.hint(for: value, in: choices.filter { !$0.isEmpty }))
    }

    static func unknownScreen(_ name: String, tokens: [String], screens: [ScreenDescriptor]) -> ScreenError {
        let known = screens.map(\.id)
        var hint = Suggestion.hint(for: name, in: known)
        if hint.isEmpty, let elsewhere = elsewhere(action: name, rest: Array(tokens.dropFirst()), near: name, screens: screens) {
            hint = " (did you mean '\(elsewhere)'?)"
        }
        return .invalidParams("unknown screen '\(name)'\(hint); screens: \(known.joined(separator: ", "))", code: "unknown_screen")
    }

    static func unknownAction(
        _ token: String, on descriptor: ScreenDescriptor, tokens: [String], screenArgs: ActionArguments,
        screens: [ScreenDescriptor]
    ) -> ScreenError {
        let known = descriptor.actions.map(\.name)
        let message = "screen '\(descriptor.id)' has no action '\(token)'"
        let list = "; actions: \(known.joined(separator: ", "))"
        if let close = Suggestion.closest(to: token, in: known) {
            return .invalidParams(message + " (did you mean '\(close)'?)" + list, code: "unknown_action")
        }
        let rest = Array(tokens.drop { $0 != token }.dropFirst())
        if let other = elsewhere(action: token, rest: rest, near: descriptor.id, screens: screens) {
            return .invalidParams(message + " (did you mean '\(other)'?)" + list, code: "unknown_action")
        }
        if let misplaced = misplacedAction(in: ScreenRequest(screen: descriptor.id, params: screenArgs), tokens: tokens, screens: screens) {
            return .invalidParams(message + " (did you mean '\(misplaced)'?)" + list, code: "unknown_action")
        }
        return .invalidParams(message + list, code: "unknown_action")
    }

    /// When a screen parameter was given an action's name of a similar
    /// screen (`facet playlist import trip.m3u` took `import` for the
    /// playlist's name), the command that was probably meant:
    /// `facet playlists import trip.m3u`.
    static func misplacedAction(in request: ScreenRequest, tokens: [String], screens: [ScreenDescriptor]) -> String? {
        guard let descriptor = screens.first(where: { $0.id == request.screen }) else { return nil }
        for param in descriptor.params where param.positional {
            guard let value = request.params.string(param.name), !descriptor.actions.contains(where: { $0.name == value }),
                  let index = tokens.firstIndex(of: value) else { continue }
            let rest = Array(tokens[(index + 1)...])
            if let command = elsewhere(action: value, rest: rest, near: descriptor.id, screens: screens) {
                return command
            }
        }
        return nil
    }

    /// `facet OTHER [REQUIRED…] action rest…` for the screen nearest in name
    /// to `screenID` that offers `action`, if any does.
    static func elsewhere(
        action: String, rest: [String], near screenID: String, screens: [ScreenDescriptor]
    ) -> String? {
        let owners = screens.filter { $0.id != screenID && $0.actions.contains { $0.name == action } }
        guard let owner = owners.min(by: {
            Suggestion.editDistance(screenID, $0.id) < Suggestion.editDistance(screenID, $1.id)
        }) else { return nil }
        let required = owner.params.filter { $0.positional && $0.required }.map { $0.name.uppercased() }
        return CommandText.line([owner.id] + required + [action] + rest)
    }
}
