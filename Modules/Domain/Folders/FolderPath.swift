/// Lexical path arithmetic (no disk access, symlinks not resolved), so that
/// every screen names one folder by one string.
public enum FolderPath {
    /// An absolute path without `.`/`..` components, repeated or trailing `/`.
    public static func normalize(_ path: String, relativeTo base: String = "/") -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The last component (`/` for the root).
    public static func name(_ path: String) -> String {
        guard path != "/" else { return "/" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The containing folder, or nil for the root.
    public static func parent(_ path: String) -> String? {
        guard path != "/" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    public static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// `path` moved from under `old` to under `new`, or nil if not under it.
    public static func rebase(_ path: String, from old: String, to new: String) -> String? {
        if path == old { return new }
        let prefix = old == "/" ? "/" : old + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return join(new, String(path.dropFirst(prefix.count)))
    }
}
