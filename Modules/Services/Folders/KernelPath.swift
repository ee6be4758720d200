import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the kernel means by a path the user typed.
///
/// `FolderPath.normalize` is lexical: it turns `/a/link/..` into `/a`, but
/// when `link` is a symlink to `/b/c` the kernel reads that path as `/b`.
/// Acting on `/a` would rename the wrong folder, so a path holding `..` is
/// resolved on disk (`realpath` of everything up to its last `..`), by its
/// exact bytes, before anything uses it.
public enum KernelPath {
    /// `path` (absolute) with every `..` resolved as the kernel would; the
    /// rest stays lexical. When the part before a `..` does not resolve,
    /// the path up to that `..` (which the kernel could not walk through)
    /// is returned, so the error names it.
    public static func resolvingParents(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.lastIndex(of: "..") else { return FolderPath.normalize(path) }
        let prefix = "/" + parts[...last].joined(separator: "/")
        let rest = parts[(last + 1)...].joined(separator: "/")
        guard let bytes = FileSystemName.cString(of: prefix) else { return path }
        guard let resolved = realpath(bytes, nil) else {
            let first = parts.firstIndex(of: "..") ?? last
            return FolderPath.normalize("/" + parts[..<first].joined(separator: "/"))
        }
        defer { free(resolved) }
        let base = FileSystemName.decode(cString: resolved)
        return FolderPath.normalize(rest.isEmpty ? base : FolderPath.join(base, rest))
    }
}
