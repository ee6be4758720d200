import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
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
    /// rest stays lexical. A `..` after something that is not a folder (a
    /// file, a dangling link) or is missing is refused as the kernel refuses
    /// it (ENOTDIR, ENOENT), naming that entry: acting on what comes before
    /// the `..` would change an entry the user never named.
    public static func resolvingParents(_ path: String) throws(FolderError) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.lastIndex(of: "..") else { return FolderPath.normalize(path) }
        let prefix = "/" + parts[...last].joined(separator: "/")
        let rest = parts[(last + 1)...].joined(separator: "/")
        guard let bytes = FileSystemName.cString(of: prefix) else { throw .invalidPath(path) }
        guard let resolved = realpath(bytes, nil) else { throw refusal(errno, parts: parts, path: path) }
        defer { free(resolved) }
        let base = FileSystemName.decode(cString: resolved)
        return FolderPath.normalize(rest.isEmpty ? base : FolderPath.join(base, rest))
    }

    /// Why the kernel could not walk `parts`: the first entry before a `..`
    /// that is missing or not a folder, else what `realpath` said.
    static func refusal(_ code: Int32, parts: [Substring], path: String) -> FolderError {
        for index in parts.indices where index + 1 < parts.count && parts[index + 1] == ".." {
            let walked = "/" + parts[...index].joined(separator: "/")
            var info = stat()
            guard let bytes = FileSystemName.cString(of: walked) else { return .invalidPath(path) }
            if stat(bytes, &info) != 0 {
                return errno == ENOENT ? .notFound(walked) : PosixErrors.openError(errno, path: walked)
            }
            if (info.st_mode & S_IFMT) != S_IFDIR { return .notADirectory(walked) }
        }
        return PosixErrors.openError(code, path: path)
    }
}
