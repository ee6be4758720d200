import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderRenamer`: `renameat2(…, RENAME_NOREPLACE)`
/// (`RenameNoReplace`, with its racy fallback where the file system lacks
/// the flag), so an existing entry is never replaced.
public struct NoReplaceRenamer: FolderRenamer {
    public init() {}

    public func rename(_ path: String, to newName: String) throws -> String {
        if let problem = FolderNameRules.problem(with: newName) { throw FolderError.invalidName(newName, problem) }
        guard let parent = FolderPath.parent(path) else { throw FolderError.noParent(path) }
        let oldName = FolderPath.name(path)
        let newPath = FolderPath.join(parent, newName)
        if oldName == newName { return path }
        // By the exact bytes each text stands for: a name that is not UTF-8
        // (`\xff\xff`) must rename that entry, not one called `��`.
        guard let parentBytes = FileSystemName.cString(of: parent), let oldBytes = FileSystemName.cString(of: oldName)
        else { throw FolderError.invalidPath(path) }
        guard let newBytes = FileSystemName.cString(of: newName) else { throw FolderError.invalidPath(newPath) }
        let parentFD = open(parentBytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFD >= 0 else {
            throw errno == ENOENT ? FolderError.vanished(path) : Self.error(errno, path: path, target: newPath)
        }
        defer { close(parentFD) }
        var before = stat()
        guard fstatat(parentFD, oldBytes, &before, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw errno == ENOENT ? FolderError.vanished(path) : Self.error(errno, path: path, target: newPath)
        }
        var result = Self.renameNoReplace(parentFD, oldBytes, newBytes)
        if result != 0, errno == EEXIST, Self.sameEntry(parentFD, newBytes, as: before) {
            // A case-insensitive file system sees `Photos` and `photos` as one
            // entry: go through a unique temporary name.
            result = Self.caseOnlyRename(parentFD, oldBytes, newBytes)
        }
        if result != 0 { throw Self.error(errno, path: path, target: newPath) }
        return newPath
    }

    /// 0 on success, else -1 with `errno` set.
    static func renameNoReplace(_ fd: Int32, _ old: [CChar], _ new: [CChar]) -> Int32 {
        RenameNoReplace.rename(fd, old, new)
    }

    static func caseOnlyRename(_ fd: Int32, _ old: [CChar], _ new: [CChar]) -> Int32 {
        let temporary = Array(".facet-rename-\(getpid())-\(UInt32.random(in: 0...UInt32.max))".utf8CString)
        guard renameNoReplace(fd, old, temporary) == 0 else { return -1 }
        if renameNoReplace(fd, temporary, new) == 0 { return 0 }
        let code = errno
        _ = renameat(fd, temporary, fd, old)
        errno = code
        return -1
    }

    static func sameEntry(_ fd: Int32, _ name: [CChar], as info: stat) -> Bool {
        var other = stat()
        return fstatat(fd, name, &other, AT_SYMLINK_NOFOLLOW) == 0 && other.st_dev == info.st_dev
            && other.st_ino == info.st_ino
    }

    static func error(_ code: Int32, path: String, target: String) -> FolderError {
        switch code {
        case EEXIST, ENOTEMPTY: .exists(target)
        case EACCES, EPERM: .permissionDenied(path)
        case ENOENT: .vanished(path)
        case EXDEV: .crossDevice(path)
        case EROFS: .readOnly(path)
        case ENAMETOOLONG: .invalidName(FolderPath.name(target), .tooLong(bytes: FolderPath.name(target).utf8.count))
        default: .io(path: path, reason: PosixErrors.text(code))
        }
    }
}
