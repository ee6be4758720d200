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

/// A music folder the recursive import must walk with care, for the tests
/// that import it as an ordinary user through different faces: `a.mp3` at
/// the top, `deep` two folders down, `sub/loop` a link back up and
/// `locked` a folder nobody but root may read. `restore()` opens `locked`
/// again so the temporary directory can be removed by anyone.
public struct AwkwardMusicTree {
    /// The tree's root, as written (it may hold `//`).
    public let path: String
    /// The root as the import reports it.
    public var shown: String { path.replacing("//", with: "/") }

    public init(in files: TemporaryDirectory, deep: String) throws {
        Unprivileged.share(files.path)
        files.file("music/a.mp3", "")
        files.file("music/sub/deeper/" + deep, "")
        files.file("music/locked/secret.mp3", "")
        for folder in ["music", "music/sub", "music/sub/deeper", "music/locked"] { chmod(files.path + "/" + folder, 0o755) }
        try FileManager.default.createSymbolicLink(atPath: files.path + "/music/sub/loop", withDestinationPath: "..")
        chmod(files.path + "/music/locked", 0)
        path = files.path + "/music"
    }

    public func restore() { chmod(path + "/locked", 0o755) }
}
