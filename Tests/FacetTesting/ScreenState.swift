import Foundation

/// What a machine face answers about an open screen: its handle and its
/// snapshot as JSON (the screen contract's `ScreenSnapshot`), with readers
/// for what tests check most: the list's rows, a detail row, the status.
public struct ScreenState: @unchecked Sendable {
    /// The screen's handle, to perform on it or read it again.
    public var handle: String
    /// The snapshot object (`screen`, `title`, `status`, `content`, `actions`).
    public var snapshot: [String: Any]
    /// The whole answer it was read from (`outcome`, `version`, …).
    public var raw: [String: Any]

    /// Reads `{handle, snapshot, …}` (a JSON-lines result or an MCP tool's `structuredContent`).
    public init?(_ object: [String: Any]) {
        guard let handle = object["handle"] as? String, let snapshot = object["snapshot"] as? [String: Any] else { return nil }
        self.handle = handle
        self.snapshot = snapshot
        raw = object
    }

    public var screen: String? { snapshot["screen"] as? String }

    /// The list's rows, each its `id`, `title` and typed `values` (by column id).
    public var rows: [[String: Any]] {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    /// Each row's typed value in column `column`.
    public func column(_ column: String) -> [Any] {
        rows.compactMap { ($0["values"] as? [String: Any])?[column] }
    }

    /// The detail row `id`'s typed value.
    public func detail(_ id: String) -> Any? {
        let detail = (snapshot["content"] as? [String: Any])?["detail"] as? [String: Any]
        let rows = detail?["rows"] as? [[String: Any]] ?? []
        return rows.first { $0["id"] as? String == id }?["data"]
    }

    /// The status line's text (a notice, an error), if any.
    public var statusMessage: String? { (snapshot["status"] as? [String: Any])?["message"] as? String }

    /// The names of the actions the screen offers now.
    public var actions: [String] { (snapshot["actions"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
}
