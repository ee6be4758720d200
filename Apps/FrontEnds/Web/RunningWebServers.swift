import Foundation
import Glibc

/// The URL of each web server this user runs, kept where `facet --ui web
/// --list` reads it, as `jupyter server list` does: the printed URL works
/// for the server's lifetime, and a user who lost the terminal that printed
/// it gets it back without restarting the server.
///
/// One file per server (`web-PID.url`) in Facet's runtime folder, which is
/// the user's alone: the folder is made 0700, each file 0600 without
/// following a planted link. The token is in no log, no argument and no
/// environment, only there and on the server's own terminal. A server
/// removes its file when it stops; one killed outright leaves it, and the
/// next listing removes the files of servers no longer running.
struct RunningWebServers: Sendable {
    let folder: String

    static let prefix = "web-"
    static let suffix = ".url"

    /// Records `url` as this process's; returns the file to remove at the
    /// end, or nil when it could not be written (the server runs anyway).
    func record(_ url: String) -> String? {
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return nil }
        let path = folder + "/" + Self.prefix + String(getpid()) + Self.suffix
        // A file left by an earlier process with this pid is replaced, never written through.
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let line = Array((url + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            unlink(path)
            return nil
        }
        return path
    }

    /// The URLs of the servers running now, oldest pid first.
    func urls() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [(pid: Int32, url: String)] = []
        for name in names where name.hasPrefix(Self.prefix) && name.hasSuffix(Self.suffix) {
            guard let pid = Int32(name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count)), pid > 0 else { continue }
            let path = folder + "/" + name
            guard Self.isRunning(pid) else {
                unlink(path)
                continue
            }
            if let url = Self.contents(of: path) { found.append((pid, url)) }
        }
        return found.sorted { $0.pid < $1.pid }.map(\.url)
    }

    /// Whether `pid` is a running Facet process (not another program that
    /// was given a dead server's pid).
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        return command.hasPrefix("facet")
    }

    /// The file's one line, if it is a regular file of this user's (a link
    /// or someone else's file is not read).
    static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(),
            info.st_size < 4096
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("http://") && !text.contains("\n") ? text : nil
    }
}

/// The file this server recorded (once its port is known), removed when
/// it stops.
final class RecordedFile: @unchecked Sendable {
    private let lock = NSLock()
    private var path: String?

    func set(_ recorded: String?) { lock.withLock { path = recorded } }

    func remove() {
        lock.withLock {
            if let path { unlink(path) }
            path = nil
        }
    }
}
