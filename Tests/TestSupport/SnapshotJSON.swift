import Foundation

/// Readers for a screen snapshot as a front end prints it (JSON), for the
/// conformance tests that compare one scenario's snapshot across faces.
public enum SnapshotJSON {
    /// The object in `text` (a CLI's `--json` output), or an empty one.
    public static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    public static func object(_ any: Any?) -> [String: Any] { any as? [String: Any] ?? [:] }

    /// The snapshot in a JSON-RPC response's `result`.
    public static func fromResponse(_ response: [String: Any]) -> [String: Any] {
        ((response["result"] as? [String: Any])?["snapshot"] as? [String: Any]) ?? [:]
    }

    public static func items(_ snapshot: [String: Any]) -> [[String: Any]] {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    public static func status(_ snapshot: [String: Any]) -> [String: Any] { snapshot["status"] as? [String: Any] ?? [:] }

    /// The snapshot for comparing, without what differs between two
    /// sign-ins by design: the one-time session token and the minute the
    /// profile was created.
    public static func withoutSignInOnce(_ snapshot: [String: Any]) -> NSDictionary {
        var object = snapshot
        if var content = object["content"] as? [String: Any], var detail = content["detail"] as? [String: Any],
           let rows = detail["rows"] as? [[String: Any]] {
            detail["rows"] = rows.filter {
                let label = $0["label"] as? String
                return label != "Session token (shown once)" && label != "Profile created"
            }
            content["detail"] = detail
            object["content"] = content
        }
        return NSDictionary(dictionary: object)
    }
}
