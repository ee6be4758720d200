import Foundation

/// Runs a program as an ordinary user whoever runs the tests: as root,
/// through `setpriv` as `nobody` (root reads through permission bits, so a
/// permission test run as root would test nothing); otherwise as ourselves.
/// Either way the same assertions apply.
public enum Unprivileged {
    public static let uid: uid_t = 65534

    public static var isRoot: Bool { geteuid() == 0 }

    /// The words to put before a command (empty when we are no root).
    public static var prefix: [String] {
        isRoot ? ["setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] : []
    }

    /// `prefix` for a shell line.
    public static var shellPrefix: String { prefix.joined(separator: " ") }

    /// Lets that user reach `path` (a test's temporary folder): the folder
    /// traversable and readable, and with `owned` theirs (a home to write in).
    public static func share(_ path: String, owned: Bool = false) {
        chmod(path, 0o755)
        if owned, isRoot { chown(path, uid, uid) }
    }
}
