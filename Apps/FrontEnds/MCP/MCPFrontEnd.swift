#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ScreenKit

/// MCP (Model Context Protocol) on stdin/stdout, for agents: Facet's
/// screens as generated tools and resources (see `ToolCatalog`,
/// `MCPServer`). Stdout carries protocol messages only, one per line;
/// diagnostics go to stderr. Never exits on bad input; exits 0 at end of
/// input once everything read has been answered.
///
/// `facet --ui mcp [--read-only] [--tools GROUP,…]`: with `--read-only` no
/// tool that changes data is offered (see `ActionSafety`); with `--tools`
/// only the tools of those groups (see `ToolGroups`), so an agent's context
/// holds only what it needs.
public enum MCPFrontEnd: FrontEnd {
    public static let name = "mcp"
    public static let usage = "usage: facet --ui mcp [--read-only] [--tools GROUP,...|all]"

    public static func run(_ context: FrontEndContext) async -> Int32 {
        var readOnly = false
        var groups: Set<String>?
        let known = ToolGroups(context.catalog.screens)
        var arguments = context.arguments[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--read-only": readOnly = true
            case let flag where flag == "--tools" || flag.hasPrefix("--tools="):
                let value = argument == "--tools" ? arguments.popFirst() ?? "" : String(argument.dropFirst("--tools=".count))
                do {
                    groups = (groups ?? []).union(try known.select(value))
                } catch {
                    printError("facet: \(error.message)\n" + usage)
                    return 2
                }
            case "-h", "--help", "help":
                // Asked-for help goes to stdout, as every other `--help` does;
                // the groups come from the registry, so this front end prints
                // its own help instead of a static text.
                print("facet --ui mcp: Model Context Protocol server on stdin/stdout, for agents\n\n" + usage
                    + "\n\nOptions:\n"
                    + "  --read-only     offer no tool that changes data\n"
                    + "  --tools GROUPS  offer only these tool groups (default: all): "
                    + (known.names + [ToolGroups.all]).joined(separator: ", ")
                    + "\n\nConfigure your MCP client to run this command"
                    + " ({\"command\": \"facet\", \"args\": [\"--ui\", \"mcp\"]}).")
                return 0
            default:
                printError("facet: unknown argument '\(argument)' for the MCP front end\n" + usage)
                return 2
            }
        }
        signal(SIGPIPE, SIG_IGN)
        let limit = context.environment["FACET_JSONL_MAX_LINE"].flatMap(Int.init) ?? RPCSession.defaultLineLimit
        let server = MCPServer(
            catalog: context.catalog, home: context.home, version: context.version, sink: FileDescriptorSink(fd: 1),
            readOnly: readOnly, toolGroups: groups, lineLimit: limit)
        for await batch in LineReader(fd: 0, limit: limit).batches {
            await server.receive(batch: batch)
        }
        await server.finish()
        return 0
    }

    static func printError(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
