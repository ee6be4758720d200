import JSONCore
import JSONRPC

/// The `outputSchema` of the tools that return a screen state.
///
/// `state` is the snapshot's JSON Schema as `rpc.discover` publishes it
/// (`SnapshotSchema`), its references moved from `#/components/schemas/` to
/// `#/$defs/` so the schema stands alone. MCP gives every tool a schema of
/// its own (a `$ref` cannot reach into another tool's), so repeating it on
/// every tool would fill an agent's context with one schema many times
/// over: `screen_snapshot` carries it (the server's instructions say so),
/// and every other tool carries `brief`, which only says that a state comes
/// back. Both hold for every result, so a client that validates
/// `structuredContent` (the Python SDK does) accepts each.
enum ToolOutputSchema {
    static let brief = JSONValue.object([
        "type": .string("object"),
        "required": .array([.string("handle"), .string("version"), .string("snapshot")]),
    ])

    static let state: JSONValue = {
        var definitions: [String: JSONValue] = [:]
        for (name, schema) in SnapshotSchema.components(screens: []) { definitions[name] = relocated(schema) }
        let screenState = JSONValue.object([
            "type": .string("object"),
            "properties": .object([
                "handle": .object(["type": .string("string")]),
                "version": .object(["type": .string("integer")]),
                "snapshot": .object(["$ref": .string("#/$defs/Snapshot")]),
            ]),
            "required": .array([.string("handle"), .string("version"), .string("snapshot")]),
        ])
        definitions["ScreenState"] = screenState
        return .object([
            "type": .string("object"),
            "description": .string(
                "An open screen: its handle (resource facet://screen/{handle}), version and snapshot; "
                    + "after an action also its outcome, the screen it opened (opened) if it navigated, "
                    + "and the type and size of a picture it handed back (picture; the bytes are image content)."),
            "properties": .object([
                "handle": .object(["type": .string("string")]),
                "version": .object(["type": .string("integer")]),
                "snapshot": .object(["$ref": .string("#/$defs/Snapshot")]),
                "outcome": .object(["type": .string("object")]),
                // An action's picture: its bytes are the result's image content.
                "picture": .object(["type": .string("object")]),
                "opened": .object(["$ref": .string("#/$defs/ScreenState")]),
            ]),
            "required": .array([.string("handle"), .string("version"), .string("snapshot")]),
            "$defs": .object(definitions),
        ])
    }()

    static func relocated(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            var result: [String: JSONValue] = [:]
            for (key, field) in fields {
                if key == "$ref", case .string(let target) = field {
                    result[key] = .string(target.replacingPrefix("#/components/schemas/", with: "#/$defs/"))
                } else {
                    result[key] = relocated(field)
                }
            }
            return .object(result)
        case .array(let items): return .array(items.map(relocated))
        default: return value
        }
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
