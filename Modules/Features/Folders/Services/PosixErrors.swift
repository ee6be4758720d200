import FoldersDomain
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// Maps `errno` values to the folder errors users read, in one place, so
/// the scanner and the renamer name causes the same way.
enum PosixErrors {
    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Why a folder could not be opened for scanning.
    static func openError(_ code: Int32, path: String) -> FolderError {
        switch code {
        case ENOENT: .notFound(path)
        case ENOTDIR: .notADirectory(path)
        case EACCES, EPERM: .permissionDenied(path)
        default: .io(path: path, reason: text(code))
        }
    }

    /// A directory below the scanned one that could not be read.
    static func issue(_ code: Int32, path: String) -> FolderIssue {
        switch code {
        case ENOENT, ENOTDIR: FolderIssue(.vanished, path: path)
        case EACCES, EPERM: FolderIssue(.permissionDenied, path: path)
        default: FolderIssue(.unreadable, path: path, detail: text(code))
        }
    }
}
