import Foundation

/// Something the user can do on a screen, described well enough that any front
/// end can offer it: a CLI sub-command, a TUI key and prompt, a JSON-RPC call,
/// and an OpenRPC entry are all generated from this one value.
public struct ActionDescriptor: Codable, Equatable, Sendable {
    /// Stable kebab-case name (`import`, `load-more`, `remove-song`).
    public var name: String
    public var label: String
    public var enabled: Bool
    /// Why the action is disabled, in words a user can act on ("Sign in
    /// needs a first and last name"). Nil while enabled.
    public var disabledReason: String?
    /// Suggested key for keyboard front ends (`i`, `d`, `enter`).
    public var key: String?
    /// What it does to the user's data (see `ActionEffect`).
    public var effect: ActionEffect
    /// Asked about before it runs (`effect.asksFirst`: it removes or
    /// destroys). Kept in the JSON for clients that predate `effect`.
    public var destructive: Bool { effect.asksFirst }
    /// Reaches a network service (GitHub, a photo API): MCP's
    /// `openWorldHint`, and what a user offline needs to know.
    public var reachesNetwork: Bool
    public var params: [ParamDescriptor]
    /// One sentence for help screens and OpenRPC.
    public var summary: String
    /// Running it loads the screen's content afresh (an export that scans
    /// as it writes): a one-shot front end runs it on a screen it has not
    /// started, instead of starting the load that the action would only
    /// redo (and that would already be reading when the action refuses). Not part of the snapshot's JSON: it is a
    /// hint for front ends in the same process.
    public var loadsContent: Bool
    /// Hands back a picture (`ActionOutcome.picture`) and changes nothing
    /// (its effect is `view`): a face that draws pictures runs it for the
    /// screen (or, with an item parameter, for a row) and shows the result
    /// beside it, with no feature-specific code (`"picture": true` in JSON).
    public var showsPicture: Bool

    public init(
        name: String, label: String, summary: String, effect: ActionEffect, reachesNetwork: Bool = false,
        enabled: Bool = true, key: String? = nil, params: [ParamDescriptor] = [], loadsContent: Bool = false,
        showsPicture: Bool = false
    ) {
        precondition(!showsPicture || effect == .view, "an action that shows a picture only reads")
        self.showsPicture = showsPicture
        self.reachesNetwork = reachesNetwork
        self.name = name
        self.label = label
        self.summary = summary
        self.enabled = enabled
        self.key = key
        self.effect = effect
        self.params = params
        self.loadsContent = loadsContent
    }

    private enum CodingKeys: String, CodingKey {
        case name, label, enabled, disabledReason, key, destructive, effect, network, params, summary, picture
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(enabled, forKey: .enabled)
        try container.encodeIfPresent(disabledReason, forKey: .disabledReason)
        try container.encodeIfPresent(key, forKey: .key)
        try container.encode(destructive, forKey: .destructive)
        try container.encode(effect, forKey: .effect)
        if reachesNetwork { try container.encode(true, forKey: .network) }
        if showsPicture { try container.encode(true, forKey: .picture) }
        try container.encode(params, forKey: .params)
        try container.encode(summary, forKey: .summary)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        label = try container.decode(String.self, forKey: .label)
        enabled = try container.decode(Bool.self, forKey: .enabled)
        disabledReason = try container.decodeIfPresent(String.self, forKey: .disabledReason)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        let destructive = try container.decode(Bool.self, forKey: .destructive)
        // A peer that predates `effect` said only whether an action destroys:
        // anything else is taken to change data, never to be harmless.
        effect = try container.decodeIfPresent(ActionEffect.self, forKey: .effect)
            ?? (destructive ? .destroys : .changes)
        reachesNetwork = try container.decodeIfPresent(Bool.self, forKey: .network) ?? false
        // Only a reading action may be run by a face on its own.
        showsPicture = try container.decodeIfPresent(Bool.self, forKey: .picture) ?? false && effect == .view
        params = try container.decode([ParamDescriptor].self, forKey: .params)
        summary = try container.decode(String.self, forKey: .summary)
        loadsContent = false
    }

    /// The same action with its enabled flag set from current state.
    public func enabled(_ on: Bool) -> ActionDescriptor {
        var copy = self
        copy.enabled = on
        copy.disabledReason = nil
        return copy
    }

    /// The same action enabled unless `reason` is given: a disabled action
    /// always says why, so every front end can tell the user.
    public func disabled(because reason: String?) -> ActionDescriptor {
        var copy = self
        copy.enabled = reason == nil
        copy.disabledReason = reason
        return copy
    }

    /// Checks arguments against the parameter schema and normalises them
    /// (CLI strings become ints and bools). Every front end calls this, so a
    /// bad argument gets the same message whichever way it arrived.
    public func validate(_ arguments: ActionArguments) throws(ScreenError) -> ActionArguments {
        try ParamDescriptor.validate(arguments, against: params, context: "action '\(name)'")
    }
}

extension ParamDescriptor {
    /// The choice `text` names: itself, the same in another case, or an
    /// alias (a column's label for `--sort`). Public so that a front end
    /// that checks a choice early (the CLI's "did you mean") accepts what
    /// validation accepts.
    public func choice(_ text: String) -> String? {
        guard let choices else { return text }
        if choices.contains(text) { return text }
        let folded = text.lowercased()
        return choices.first { $0.lowercased() == folded } ?? choiceAliases[folded]
    }
}

/// One argument of an action or of opening a screen.
public struct ParamDescriptor: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case string, int, bool
        /// One of `choices`.
        case choice
        /// The id of an item of the screen's list; keyboard front ends fill it
        /// from the cursor.
        case item
        /// A file-system path.
        case path
    }

    public var name: String
    public var label: String
    public var kind: Kind
    public var required: Bool
    /// Given by position on a command line, in declaration order.
    public var positional: Bool
    public var choices: [String]?
    public var minimum: Int?
    public var maximum: Int?
    /// A starting value a front end may offer (the current name for a
    /// rename), so the user edits it instead of typing it again. Only a
    /// suggestion: the value sent is whatever the user keeps.
    public var suggestion: String?
    /// An `.item` parameter that takes several ids, comma-separated
    /// (`1,4,7`): what a front end's marked rows fill, the CLI's `--items`.
    /// Absent from the JSON unless true, so older peers read one item.
    public var several: Bool?
    /// Where the values can be listed from (see `ValueSource`). Not part of
    /// the JSON: a hint for front ends in the same process.
    public var valuesFrom: ValueSource?
    /// May be given more than once on a command line; the values reach the
    /// screen one per line. Not part of the JSON: machine callers send the
    /// lines themselves.
    public var repeatable = false
    /// The value that keeps opening the screen from reaching the network or
    /// changing stored data (a star sync, a refetch replacing a cache). A
    /// face that promises to change nothing (MCP's `--read-only`) gives the
    /// parameter this value and refuses any other. Not part of the JSON.
    public var keepsStoredData: ArgumentValue?
    /// Other words a `.choice` takes, lower-cased, to the choice they mean
    /// (a column's label for its id); any choice is also taken whatever its
    /// case. Not part of the JSON: the choices are the names to send.
    public var choiceAliases: [String: String] = [:]

    /// An optional string option that may be repeated (`--exclude A --exclude B`).
    public static func repeatable(name: String, label: String) -> ParamDescriptor {
        var param = ParamDescriptor(name: name, label: label, required: false)
        param.repeatable = true
        return param
    }

    /// The same parameter, declaring the value that changes nothing stored
    /// (see `keepsStoredData`).
    public func keepingStoredData(with value: ArgumentValue) -> ParamDescriptor {
        var copy = self
        copy.keepsStoredData = value
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case name, label, kind, required, positional, choices, minimum, maximum, suggestion, several
    }

    /// Whether the parameter takes several item ids (see `several`).
    public var takesSeveral: Bool { kind == .item && several == true }

    /// The same parameter taking several item ids, comma-separated.
    public func acceptingSeveral() -> ParamDescriptor {
        var copy = self
        copy.several = true
        return copy
    }

    public init(
        name: String, label: String, kind: Kind = .string, required: Bool = true, positional: Bool = false,
        choices: [String]? = nil, minimum: Int? = nil, maximum: Int? = nil, suggestion: String? = nil
    ) {
        self.suggestion = suggestion
        self.name = name
        self.label = label
        self.kind = kind
        self.required = required
        self.positional = positional
        self.choices = choices
        self.minimum = minimum
        self.maximum = maximum
    }

    static func validate(
        _ arguments: ActionArguments, against params: [ParamDescriptor], context: String
    ) throws(ScreenError) -> ActionArguments {
        var result = ActionArguments()
        let known = Set(params.map(\.name))
        if let unknown = arguments.names.sorted().first(where: { !known.contains($0) }) {
            throw .invalidParams("\(context) has no parameter '\(unknown)'")
        }
        for param in params {
            guard let value = arguments[param.name] else {
                if param.required { throw .invalidParams("\(context) needs '\(param.name)' (\(param.label))") }
                continue
            }
            result[param.name] = try param.normalise(value, context: context)
        }
        return result
    }

    func normalise(_ value: ArgumentValue, context: String) throws(ScreenError) -> ArgumentValue {
        switch kind {
        case .int:
            guard let number = value.intValue else {
                throw .invalidParams("\(context): '\(name)' must be a whole number, not \(value.description)")
            }
            if let minimum, number < minimum {
                throw .invalidParams("\(context): '\(name)' must be at least \(minimum)")
            }
            if let maximum, number > maximum {
                throw .invalidParams("\(context): '\(name)' must be at most \(maximum)")
            }
            return .int(number)
        case .bool:
            guard let flag = value.boolValue else {
                throw .invalidParams("\(context): '\(name)' must be true or false, not \(value.description)")
            }
            return .bool(flag)
        case .choice:
            guard let text = value.stringValue, let choice = choice(text) else {
                let allowed = (choices ?? []).joined(separator: ", ")
                throw .invalidParams("\(context): '\(name)' must be one of: \(allowed)")
            }
            return .string(choice)
        case .string, .item, .path:
            guard let text = value.stringValue else {
                throw .invalidParams("\(context): '\(name)' must be text, not \(value.description)")
            }
            if takesSeveral {
                // Checked, but sent as given: a row id may hold spaces or a
                // comma of its own (a folder's name), which the screen matches first.
                _ = try Self.itemList(text, name: name, context: context)
                return .string(text)
            }
            // The C file-system calls stop at a NUL: `/x/victim\0-gone` would
            // act on `/x/victim`. No path can hold one, so refuse it here,
            // once, for every front end.
            if kind == .path, text.utf8.contains(0) {
                throw .invalidParams("\(context): '\(name)' is not a valid path (it contains a NUL character)")
            }
            return .string(text)
        }
    }
}

extension ParamDescriptor {
    /// The `yes` flag of an action that writes FILE: an existing regular
    /// file is replaced only when it is set. One declaration, so every export
    /// asks the same way in every front end.
    public static let replaceExistingFile = ParamDescriptor(
        name: StandardParam.yes, label: "Replace FILE if it exists", kind: .bool, required: false)

    /// `1, 4,7` → ["1", "4", "7"]: ids separated by commas, none empty or
    /// repeated; the one message every front end shows for a bad list.
    static func itemList(_ text: String, name: String, context: String) throws(ScreenError) -> [String] {
        let ids = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if ids.contains(where: \.isEmpty) {
            throw .invalidParams(
                "\(context): '\(name)' must be one or more ids separated by commas (as 1,4,7), not \"\(text)\"")
        }
        var seen = Set<String>()
        if let repeated = ids.first(where: { !seen.insert($0).inserted }) {
            throw .invalidParams("\(context): '\(name)' names \(repeated) twice")
        }
        return ids
    }
}

extension ActionArguments {
    /// The ids of a parameter that takes several (see `ParamDescriptor.several`).
    public func items(_ name: String) -> [String] {
        (string(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
