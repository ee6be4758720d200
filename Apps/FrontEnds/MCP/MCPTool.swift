import JSONCore

/// One tool as `tools/list` offers it and `tools/call` runs it. Built only
/// by `ToolCatalog`, from screen descriptors.
public struct MCPTool: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// Open a screen of this kind (the tool's arguments are its parameters).
        case open(screen: String)
        /// Run an action on an open screen of this kind.
        case perform(screen: String, action: String)
        /// Read an open screen's snapshot.
        case snapshot
        /// Close an open screen.
        case close
    }

    public var name: String
    public var title: String
    public var description: String
    public var inputSchema: JSONValue
    /// Changes nothing but what a screen shows (`readOnlyHint`).
    public var readOnly: Bool
    /// Loses something stored (`destructiveHint`, see `ActionSafety`).
    public var destructive: Bool
    /// Calling again with the same arguments does nothing more (`idempotentHint`).
    public var idempotent: Bool
    /// Reaches the network (`openWorldHint`).
    public var openWorld: Bool
    public var target: Target
    /// The argument that names the open screen (`handle`, unless an action
    /// has a parameter of that name).
    public var handleArgument: String?
    /// The result's `structuredContent` is a screen state (handle, version, snapshot).
    public var returnsState: Bool
    /// Its `outputSchema` spells the snapshot out in full (`ToolOutputSchema`);
    /// one tool does, the others point to it.
    public var spellsOutSnapshot = false

    init(
        name: String, title: String, description: String, inputSchema: JSONValue, readOnly: Bool, destructive: Bool,
        idempotent: Bool, openWorld: Bool = false, target: Target, handleArgument: String?, returnsState: Bool,
        spellsOutSnapshot: Bool = false
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.readOnly = readOnly
        self.destructive = destructive
        self.idempotent = idempotent
        self.openWorld = openWorld
        self.target = target
        self.handleArgument = handleArgument
        self.returnsState = returnsState
        self.spellsOutSnapshot = spellsOutSnapshot
    }

    /// The tool's entry in `tools/list`. The title is given once, at the
    /// top level (where MCP looks first), not again in the annotations.
    func listing() -> JSONValue {
        var fields: [String: JSONValue] = [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "annotations": .object([
                "readOnlyHint": .bool(readOnly),
                "destructiveHint": .bool(destructive),
                "idempotentHint": .bool(idempotent),
                "openWorldHint": .bool(openWorld),
            ]),
        ]
        if returnsState { fields["outputSchema"] = spellsOutSnapshot ? ToolOutputSchema.state : ToolOutputSchema.brief }
        return .object(fields)
    }
}
