import JSONCore
import ScreenKit

/// Builds the OpenRPC document for `rpc.discover` from the registered
/// screens and their actions, so it can never disagree with what the
/// server accepts. `components.schemas` holds the JSON Schema of a snapshot
/// (`Snapshot` and its parts), the schema of each value type
/// (`Value.<type>`), and per screen its parameters, each action's
/// arguments, its columns (`Screen.<id>.columns`) and its rows' typed values
/// (`Screen.<id>.values`).
public enum OpenRPCDocument {
    public static func make(screens: [ScreenDescriptor], version: String) -> JSONValue {
        let screenIDs = JSONValue.array(screens.map { .string($0.id) })
        let actionNames = Array(Set(screens.flatMap { $0.actions.map(\.name) })).sorted()
        // The snapshot's own schema, and per screen its columns and their types.
        var schemas = SnapshotSchema.components(screens: screens)
        for screen in screens {
            schemas["Screen.\(screen.id).params"] = paramsSchema(screen.params, summary: screen.summary)
            for action in screen.actions {
                schemas["Screen.\(screen.id).\(action.name).args"] = paramsSchema(action.params, summary: action.summary)
            }
        }
        schemas["Outcome"] = outcomeSchema
        schemas["Picture"] = pictureSchema
        let handle = param("handle", "A handle returned by screen.open", .object(["type": .string("string")]))
        let snapshotResult = result("ScreenState", .object([
            "type": .string("object"),
            "properties": .object([
                "handle": .object(["type": .string("string")]),
                "version": .object(["type": .string("integer")]),
                "snapshot": ref("Snapshot"),
            ]),
        ]))
        let methods: [JSONValue] = [
            method("initialize", "Handshake: protocol version, server and capabilities.", [
                param("capabilities", "What the client takes: listDeltas (a list names the rows of the window last sent to this client in reused, instead of repeating them)",
                      .object(["type": .string("object"), "properties": .object(["listDeltas": .object(["type": .string("boolean")])])])),
            ], result("Initialize", .object(["type": .string("object")]))),
            method("screens.list", "Every registered screen with its parameters and actions.", [], result("Screens", .object(["type": .string("array")]))),
            method("screen.open", "Open a screen; returns its handle and first snapshot.", [
                param("screen", "Screen id", .object(["type": .string("string"), "enum": screenIDs]), required: true),
                param("params", "Screen parameters (see components Screen.<id>.params)", .object(["type": .string("object")])),
            ], snapshotResult),
            method("screen.perform", "Run an action on an open screen; long work continues and reports through screen.changed.", [
                handle,
                param("action", "Action name", .object(["type": .string("string"), "enum": .array(actionNames.map(JSONValue.string))]), required: true),
                param("args", "Action arguments (see components Screen.<id>.<action>.args)", .object(["type": .string("object")])),
            ], result("ActionResult", .object([
                "type": .string("object"),
                "properties": .object([
                    "handle": .object(["type": .string("string")]),
                    "version": .object(["type": .string("integer")]),
                    "snapshot": ref("Snapshot"),
                    "outcome": ref("Outcome"),
                ]),
            ]))),
            method("screen.snapshot", "Read an open screen's current snapshot.", [
                handle,
                param("whole", "Send the list whole even to a client that takes list deltas", .object(["type": .string("boolean")])),
            ], snapshotResult),
            method("screen.wait", "Wait until the screen's background work is done; returns the snapshot. With sinceVersion: at once if the screen is newer, else also until its next change (timeoutMs, default 30000).", [
                handle,
                param("sinceVersion", "The last version the client has seen", .object(["type": .string("integer")])),
                param("timeoutMs", "Longest wait for a change after sinceVersion", .object(["type": .string("integer"), "minimum": .int(0)])),
            ], snapshotResult),
            method("screen.confirmation", "Before an action whose effect asks first (removes or destroys; see the action's effect): the question naming its target, worded by the screen and ending with what the effect says of undoing it (null when it would remove nothing), and the second, typed question where one is needed (typed.param is the argument its answer fills). Changes nothing.", [
                handle,
                param("action", "Action name", .object(["type": .string("string"), "enum": .array(actionNames.map(JSONValue.string))]), required: true),
                param("args", "The arguments the action would run with", .object(["type": .string("object")])),
                param("typedOnly", "Only the typed question (question is then null): the first was already asked", .object(["type": .string("boolean")])),
            ], result("Confirmation", confirmationSchema)),
            method("screen.close", "Close a handle.", [handle], result("Closed", .object(["type": .string("boolean")]))),
            method("paths.list", "What a typed path can become on the machine the screens' paths are on (a path field's completion): the folder part typed, the matching names (a directory's ending in /), how many matched, and the text completed as far as they agree.", [
                param("path", "The path typed so far", .object(["type": .string("string"), "maxLength": .int(4096)]), required: true),
            ], result("PathListing", .object([
                "type": .string("object"),
                "properties": .object([
                    "folder": .object(["type": .string("string")]),
                    "names": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
                    "total": .object(["type": .string("integer")]),
                    "completion": .object(["type": .string("string")]),
                ]),
            ]))),
        ]
        return .object([
            "openrpc": .string("1.2.6"),
            "info": .object([
                "title": .string("Facet JSON-lines interface"),
                "version": .string(version),
                "description": .string("JSON-RPC 2.0, one message per line on stdin/stdout. Notification screen.changed {handle, version, snapshot} follows every visible change."),
            ]),
            "methods": .array(methods),
            "components": .object(["schemas": .object(schemas)]),
        ])
    }

    /// What an action did beyond its screen's new state (`ActionOutcome`).
    static let outcomeSchema: JSONValue = .object([
        "type": .string("object"),
        "properties": .object([
            "navigate": .object(["type": .array([.string("object"), .string("null")])]),
            "back": .object(["type": .string("boolean")]),
            "openURL": .object(["type": .array([.string("string"), .string("null")])]),
            "pending": .object(["type": .string("boolean")]),
            "focus": .object(["type": .array([.string("string"), .string("null")])]),
            "reply": .object(["type": .array([.string("array"), .string("null")])]),
            "picture": ref("Picture"),
        ]),
    ])

    /// A picture an action handed back (a photo's `image`, a song's
    /// `cover`): the cached bytes in base64, their sniffed MIME type, size
    /// in bytes and dimensions in pixels.
    static let pictureSchema: JSONValue = .object([
        "type": .string("object"),
        "required": .array(["mimeType", "width", "height", "size", "data"].map(JSONValue.string)),
        "properties": .object([
            "mimeType": .object(["type": .string("string"), "enum": .array(["image/png", "image/jpeg", "image/gif", "image/webp"].map(JSONValue.string))]),
            "width": .object(["type": .string("integer"), "minimum": .int(1)]),
            "height": .object(["type": .string("integer"), "minimum": .int(1)]),
            "size": .object(["type": .string("integer"), "minimum": .int(1)]),
            "data": .object(["type": .string("string"), "contentEncoding": .string("base64")]),
        ]),
    ])

    /// `screen.confirmation`'s result: both questions, either may be null.
    static let confirmationSchema: JSONValue = .object([
        "type": .string("object"),
        "required": .array([.string("question"), .string("typed")]),
        "properties": .object([
            "question": .object(["type": .array([.string("string"), .string("null")])]),
            "typed": .object([
                "type": .array([.string("object"), .string("null")]),
                "required": .array([.string("question"), .string("param")]),
                "properties": .object([
                    "question": .object(["type": .string("string")]),
                    "param": .object(["type": .string("string")]),
                ]),
            ]),
        ]),
    ])

    /// The JSON Schema of an argument object: one property per parameter.
    public static func paramsSchema(_ params: [ParamDescriptor], summary: String) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for p in params {
            var schema: [String: JSONValue] = ["description": .string(p.label)]
            switch p.kind {
            case .int:
                schema["type"] = .string("integer")
                if let minimum = p.minimum { schema["minimum"] = .int(minimum) }
                if let maximum = p.maximum { schema["maximum"] = .int(maximum) }
            case .bool: schema["type"] = .string("boolean")
            case .choice:
                schema["type"] = .string("string")
                schema["enum"] = .array((p.choices ?? []).map(JSONValue.string))
            case .string, .item, .path: schema["type"] = .string("string")
            }
            properties[p.name] = .object(schema)
        }
        return .object([
            "type": .string("object"),
            "description": .string(summary),
            "properties": .object(properties),
            "required": .array(params.filter(\.required).map { .string($0.name) }),
            "additionalProperties": .bool(false),
        ])
    }

    static func method(_ name: String, _ summary: String, _ params: [JSONValue], _ result: JSONValue) -> JSONValue {
        .object(["name": .string(name), "summary": .string(summary), "params": .array(params), "result": result])
    }

    static func param(_ name: String, _ summary: String, _ schema: JSONValue, required: Bool = false) -> JSONValue {
        .object(["name": .string(name), "summary": .string(summary), "schema": schema, "required": .bool(required)])
    }

    static func result(_ name: String, _ schema: JSONValue) -> JSONValue {
        .object(["name": .string(name), "schema": schema])
    }

    static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/components/schemas/\(name)")]) }
}
