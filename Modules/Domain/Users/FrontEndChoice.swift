/// The front ends a user may prefer; `facet` with no command starts the
/// signed-in user's choice (after `--ui` and `FACET_UI`).
public enum FrontEndChoice: String, CaseIterable, Sendable {
    case cli, tui, jsonl, mcp
}
