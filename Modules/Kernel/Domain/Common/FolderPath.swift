
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

    /// Whether `path` is `join(folder, name)`, without building that string
    /// (asked once per row of a listing).
    public static func isJoined(_ path: String, _ folder: String, _ name: String) -> Bool {
        let separator = folder == "/" ? 0 : 1
        var rest = Substring(path).utf8
        guard rest.count == folder.utf8.count + separator + name.utf8.count, rest.starts(with: folder.utf8) else {
            return false
        }
        rest = rest.dropFirst(folder.utf8.count)
        if separator == 1 {
            guard rest.first == UInt8(ascii: "/") else { return false }
            rest = rest.dropFirst()
        }
        return rest.elementsEqual(name.utf8)
    }

    /// `path` moved from under `old` to under `new`, or nil if not under it.
    public static func rebase(_ path: String, from old: String, to new: String) -> String? {
        if path == old { return new }
        let prefix = old == "/" ? "/" : old + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return join(new, String(path.dropFirst(prefix.count)))
    }
}
