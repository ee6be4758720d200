import Foundation

/// A folders screen over JSON lines, read the way a client reads it.
public enum FolderScreenClient {
    public static func open(_ session: JSONLSession, _ path: String) throws -> String {
        let opened = try session.request("screen.open", ["screen": "folders", "params": ["path": path]])
        return (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
    }

    public static func snapshot(_ message: [String: Any]) -> [String: Any]? {
        (message["result"] as? [String: Any] ?? message["params"] as? [String: Any])?["snapshot"] as? [String: Any]
    }

    public static func total(_ message: [String: Any]) -> Int64? {
        let rows = ((snapshot(message)?["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        guard let row = rows.first(where: { $0["id"] as? String == "bytes" }) else { return nil }
        return (row["data"] as? NSNumber)?.int64Value
    }

    public static func rowBytes(_ message: [String: Any], _ name: String) -> Int64? {
        let items = ((snapshot(message)?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        guard let item = items.first(where: { $0["id"] as? String == name }) else { return nil }
        return ((item["values"] as? [String: Any])?["bytes"] as? NSNumber)?.int64Value
    }

    public static func status(_ message: [String: Any]) -> (kind: String, message: String)? {
        guard let status = snapshot(message)?["status"] as? [String: Any] else { return nil }
        return (status["kind"] as? String ?? "", status["message"] as? String ?? "")
    }

    /// Waits up to `timeout` seconds for a `screen.changed` of `handle` that
    /// `accept` takes; false when none came.
    public static func waitFor(
        _ session: JSONLSession, _ handle: String, timeout: TimeInterval = 5, _ accept: @escaping ([String: Any]) -> Bool
    ) throws -> Bool {
        do {
            _ = try session.notification(timeout: timeout) { message in
                guard message["method"] as? String == "screen.changed",
                      (message["params"] as? [String: Any])?["handle"] as? String == handle else { return false }
                return accept(message)
            }
            return true
        } catch {
            return false
        }
    }
}

/// What `du -sb` says (apparent bytes, hard links once), with a deadline.
public enum DuFigure {
    public static func bytes(_ path: String) throws -> Int64 {
        try rows([path]).first.flatMap { $0 } ?? -1
    }

    /// One figure per path; a file linked from several is counted in the first.
    public static func rows(_ paths: [String]) throws -> [Int64?] {
        try DiskUsage.du(["-sb"] + paths, timeout: 60).split(separator: "\n").map {
            Int64($0.split(whereSeparator: { $0 == "\t" || $0 == " " }).first ?? "")
        }
    }
}
