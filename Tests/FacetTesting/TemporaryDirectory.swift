import Foundation

/// A real directory under the system temp folder, removed when released.
/// Tests use real files and real SQLite databases inside one of these.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "facet-test") {
        let template = NSTemporaryDirectory() + "/\(label)-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { fatalError("mkdtemp failed: \(errno)") }
        path = String(cString: made)
    }

    deinit {
        // Make everything writable first so unreadable fixtures can be removed.
        _ = try? BoundedProcess.run("/bin/chmod", ["-R", "u+rwx", path], timeout: 120)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` to `name` (creating folders) and returns its path.
    @discardableResult
    public func file(_ name: String, _ contents: String) -> String {
        file(name, bytes: Array(contents.utf8))
    }

    @discardableResult
    public func file(_ name: String, bytes: [UInt8]) -> String {
        let full = path + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    /// Writes an executable script. The file is opened close-on-exec, so a
    /// child process another test starts while it is being written does not
    /// keep it open for writing, which would make running it fail (ETXTBSY).
    @discardableResult
    public func executable(_ name: String, _ script: String) -> String {
        let full = path + "/" + name
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        precondition(fd >= 0, "cannot write \(full): errno \(errno)")
        let bytes = Array(script.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        precondition(written == bytes.count, "short write to \(full)")
        chmod(full, 0o755)
        return full
    }

    @discardableResult
    public func directory(_ name: String) -> String {
        let full = path + "/" + name
        try? FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }
}
