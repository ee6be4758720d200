/// Why a file Facet was asked to write (an export) was not written. Every
/// case leaves what was at the path exactly as it was.
public enum FileWriteError: DomainError, Equatable {
    /// A file is there and the user did not say to replace it.
    case exists(String)
    /// Something other than a regular file is there (`what`: "a device",
    /// "a FIFO", "a socket", "a symbolic link", "a folder"): Facet replaces
    /// only regular files, so a device node or a planted link is never
    /// written through or swapped for a file.
    case notRegularFile(String, what: String)
    /// The existing file's owner could not be kept (replacing it would hand
    /// it to whoever runs Facet).
    case ownerNotKept(String)
    /// What the system said (`strerror` text in `reason`).
    case io(path: String, reason: String)

    public var code: String {
        switch self {
        case .exists: "file.exists"
        case .notRegularFile: "file.not_regular"
        case .ownerNotKept: "file.owner_not_kept"
        case .io: "file.io_error"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .exists, .notRegularFile, .ownerNotKept: .invalidInput
        case .io: .failure
        }
    }

    public var message: String {
        switch self {
        case .exists(let path): "\(path) already exists; nothing was written (add --yes to replace it)."
        case .notRegularFile(let path, let what):
            "\(path) is \(what), not a regular file; Facet writes only regular files, so nothing was written."
        case .ownerNotKept(let path):
            "\(path) belongs to another user and replacing it would change its owner; nothing was written."
        case .io(let path, let reason): "Cannot write \(path): \(reason); nothing was written."
        }
    }
}
