import JSONCore
import JSONRPC
import ScreenKit

/// Generates every tool from the registered screens; no tool is written
/// for a particular screen, so a feature that registers a screen appears
/// here with no change to this front end.
///
/// The shape, chosen for agents:
/// - `open_<screen>`: opens a screen; its arguments are the screen's
///   parameters, its schema the one `rpc.discover` publishes for them.
/// - `<screen>_<action>` for every action a screen declares: the action's
///   parameters (same schema source) plus an optional `handle`. Without a
///   handle it runs on the latest open screen of that kind, opened first
///   when the screen needs no parameters, so `playlists_import {path}` is one
///   call. One tool per action (not one generic "perform") lets each carry
///   its own schema and its own `readOnlyHint`/`destructiveHint`, which is
///   what a client uses to ask before a destructive call. A tool whose
///   action asks first (`ActionEffect.asksFirst`) takes `yes`: without
///   `yes: true` it changes nothing and answers with the screen's question.
/// - `screen_snapshot` and `screen_close` take a handle.
///
/// Screen ids and action names are kebab-case, so `_` separates them
/// without ambiguity, and every name fits `^[a-zA-Z0-9_-]{1,64}$`.
///
/// Every byte of `tools/list` sits in an agent's context before it does
/// anything, so each tool says a thing once: the description is the
/// descriptor's summary (the naming scheme is told once, in the server's
/// instructions), the input schema carries no copy of it, and an empty
/// `required` is left out.
public enum ToolCatalog {
    public static let snapshotTool = "screen_snapshot"
    public static let closeTool = "screen_close"

    public static func openToolName(_ screen: String) -> String { "open_\(screen)" }
    public static func actionToolName(_ screen: String, _ action: String) -> String { "\(screen)_\(action)" }

    /// The tools to offer; with `readOnly` only those that change no data;
    /// with `groups` only the screens of those tool groups (`ToolGroups`).
    public static func tools(for screens: [ScreenDescriptor], readOnly: Bool, groups: Set<String>? = nil) -> [MCPTool] {
        var tools: [MCPTool] = []
        let grouping = ToolGroups(screens)
        for screen in screens where groups.map({ grouping.group(of: screen.id).map($0.contains) ?? false }) ?? true {
            tools.append(openTool(screen))
            for action in offeredActions(screen, readOnly: readOnly) { tools.append(actionTool(screen, action)) }
        }
        tools.append(MCPTool(
            name: snapshotTool, title: "Read a screen",
            description: "An open screen's snapshot (also resource facet://screen/{handle}). "
                + "Its output schema defines the snapshot every tool returns.",
            inputSchema: handleOnlySchema, readOnly: true, destructive: false, idempotent: true, target: .snapshot,
            handleArgument: "handle", returnsState: true, spellsOutSnapshot: true))
        tools.append(MCPTool(
            name: closeTool, title: "Close a screen",
            description: "Close an open screen; its handle and resource go away.",
            inputSchema: handleOnlySchema, readOnly: true, destructive: false, idempotent: true, target: .close,
            handleArgument: "handle", returnsState: false))
        // A name taken twice (a screen called "open" or "screen") keeps its
        // first meaning rather than making one of them unreachable at random.
        var seen = Set<String>()
        return tools.filter { seen.insert($0.name).inserted }
    }

    /// A screen's actions to offer. In read-only mode a form's `set-field`
    /// goes too when every action that would submit the form is hidden:
    /// typing into a form nobody can submit only misleads an agent.
    /// `scroll-to` and `load-previous` are not offered: they move the window
    /// of a face that draws a scrollbar, and an agent reads a list forward by
    /// `page` or `load-more`; two tools fewer per list screen keep
    /// `tools/list` within an agent's budget.
    static let windowActions: Set<String> = [StandardAction.scrollTo, StandardAction.loadPrevious]

    static func offeredActions(_ screen: ScreenDescriptor, readOnly: Bool) -> [ActionDescriptor] {
        let actions = screen.actions.filter { !windowActions.contains($0.name) }
        guard readOnly else { return actions }
        let offered = actions.filter(ActionSafety.isReadOnly)
        let submits = { (action: ActionDescriptor) in !StandardAction.all.contains(action.name) }
        let noSubmitLeft = actions.contains(where: submits) && !offered.contains(where: submits)
        return noSubmitLeft ? offered.filter { $0.name != StandardAction.setField } : offered
    }

    static func openTool(_ screen: ScreenDescriptor) -> MCPTool {
        MCPTool(
            name: openToolName(screen.id), title: "Open \(screen.title)",
            description: screen.summary,
            inputSchema: compact(OpenRPCDocument.paramsSchema(screen.params, summary: "")),
            readOnly: true, destructive: false, idempotent: true, target: .open(screen: screen.id), handleArgument: nil,
            returnsState: true)
    }

    static func actionTool(_ screen: ScreenDescriptor, _ action: ActionDescriptor) -> MCPTool {
        var handle = "handle"
        while action.params.contains(where: { $0.name == handle }) { handle = "_" + handle }
        var schema = compact(OpenRPCDocument.paramsSchema(ActionSafety.params(action), summary: ""))
        if case .object(var fields) = schema, case .object(var properties)? = fields["properties"] {
            // What a handle is and which screen it defaults to is the same for
            // every tool: the server's instructions say it once.
            properties[handle] = .object(["type": .string("string")])
            fields["properties"] = .object(properties)
            schema = .object(fields)
        }
        return MCPTool(
            name: actionToolName(screen.id, action.name), title: "\(screen.title): \(action.label)",
            description: [action.summary, ActionSafety.warning(action)].compactMap { $0 }.joined(separator: " "),
            inputSchema: schema, readOnly: ActionSafety.isReadOnly(action), destructive: ActionSafety.isDestructive(action),
            idempotent: ActionSafety.isIdempotent(action), openWorld: action.reachesNetwork,
            target: .perform(screen: screen.id, action: action.name), handleArgument: handle, returnsState: true)
    }

    /// A parameters schema without its empty description and empty `required`.
    static func compact(_ schema: JSONValue) -> JSONValue {
        guard case .object(var fields) = schema else { return schema }
        if fields["description"] == .string("") { fields["description"] = nil }
        if fields["required"] == .array([]) { fields["required"] = nil }
        return .object(fields)
    }

    static let handleOnlySchema = JSONValue.object([
        "type": .string("object"),
        "properties": .object([
            "handle": .object(["type": .string("string"), "description": .string("A handle from an open_… tool")]),
        ]),
        "required": .array([.string("handle")]),
        "additionalProperties": .bool(false),
    ])
}
