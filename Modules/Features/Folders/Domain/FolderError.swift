import KernelDomain

/// Everything that can go wrong with folders, in the user's words.
public enum FolderError: DomainError, Equatable {
    case notFound(String)
    case notADirectory(String)
    /// The target name is taken (rename never replaces).
    case exists(String)
    case permissionDenied(String)
    /// It was there, and is gone (removed or moved by someone else).
    case vanished(String)
    case crossDevice(String)
    case readOnly(String)
    case invalidName(String, FolderNameRules.Problem)
    /// The folder is the root: it has no parent to rename it in.
    case noParent(String)
    /// Text that names no path: it holds a NUL (which the C calls would cut
    /// the path at) or an escape no real name decodes to (`FileSystemName`).
    case invalidPath(String)
    /// An ncdu JSON export that cannot be read: the file and why (with the line).
    case importFailed(file: String, reason: String)
    /// The folder comes from an imported export: nothing on disk to change.
    case imported(String)
    /// Deleting would cross into another file system (at `at`).
    case mountPoint(String, at: String)
    /// The entry at the path is not the one measured when the user was asked.
    case changedSinceAsked(String)
    /// `/`, or the home folder without its second confirmation.
    case protected(String, reason: String)
    /// A scan is reading it: deleting now would race the scan.
    case busy(String)
    /// An export's scan did not finish (cancelled, or another scan took
    /// over): no file was written.
    case exportInterrupted(String)
    /// Anything else the system said (`strerror` text in `reason`).
    case io(path: String, reason: String)

    public var code: String {
        switch self {
        case .notFound: "folder.not_found"
        case .notADirectory: "folder.not_a_directory"
        case .exists: "folder.exists"
        case .permissionDenied: "folder.permission_denied"
        case .vanished: "folder.vanished"
        case .crossDevice: "folder.cross_device"
        case .readOnly: "folder.read_only"
        case .invalidName: "folder.invalid_name"
        case .noParent: "folder.no_parent"
        case .invalidPath: "folder.invalid_path"
        case .importFailed: "folder.import_failed"
        case .imported: "folder.imported"
        case .mountPoint: "folder.mount_point"
        case .changedSinceAsked: "folder.changed"
        case .protected: "folder.protected"
        case .busy: "folder.busy"
        case .exportInterrupted: "folder.export_interrupted"
        case .io: "folder.io_error"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .notFound, .vanished: .notFound
        case .notADirectory, .exists, .invalidName, .noParent, .invalidPath, .importFailed, .imported: .invalidInput
        case .mountPoint, .changedSinceAsked, .protected, .busy: .invalidInput
        case .permissionDenied, .crossDevice, .readOnly, .exportInterrupted, .io: .failure
        }
    }

    public var message: String {
        switch self {
        case .notFound(let path): "No such folder: \(path)."
        case .notADirectory(let path): "\(path) is a file, not a folder."
        case .exists(let path): "\(path) already exists; nothing was renamed (choose another name)."
        case .permissionDenied(let path): "Permission denied: \(path)."
        case .vanished(let path): "\(path) no longer exists (it was removed or moved meanwhile)."
        case .crossDevice(let path): "\(path) is on another file system; a rename cannot move it there."
        case .readOnly(let path): "\(path) is on a read-only file system."
        case .invalidName(let name, let problem): "The name \"\(name)\" \(problem.message)."
        case .noParent(let path): "\(path) has no parent folder, so it cannot be renamed."
        case .invalidPath(let path):
            "\(path.replacingOccurrences(of: "\u{0}", with: "\\0")) is not a valid path (it contains a NUL character or an invalid escape); nothing was done."
        case .importFailed(let file, let reason): "Cannot import \(file): \(reason); nothing was imported."
        case .imported(let path): "\(path) is part of an imported scan, not the disk; nothing was changed."
        case .mountPoint(let path, let at):
            at == path
                ? "\(path) is a mount point; Facet does not delete across file systems; nothing was deleted."
                : "\(path) contains a mount point (\(at)); Facet does not delete across file systems; nothing was deleted."
        case .changedSinceAsked(let path):
            "\(path) was replaced or changed since you were asked; nothing was deleted (ask again to see what is there now)."
        case .protected(let path, let reason): "\(path) \(reason); nothing was deleted."
        case .busy(let path): "\(path) is being scanned; wait for the scan or cancel it, then delete; nothing was deleted."
        case .exportInterrupted(let path):
            "The scan of \(path) stopped before the end, so nothing was exported (the file was not written)."
        case .io(let path, let reason): "Cannot use \(path): \(reason)."
        }
    }
}
