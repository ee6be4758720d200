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
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", path]).waitUntilExit()
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

    @discardableResult
    public func directory(_ name: String) -> String {
        let full = path + "/" + name
        try? FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }
}
