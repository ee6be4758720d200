import Domain
import Foundation

/// Reads playlist material from the local file system: a file's bytes, or a
/// directory's file names. (Seed 001's `FileReader`, with real errors.)
public struct FilePlaylistSource: PlaylistSource {
    /// Larger files are refused before reading: a playlist is text, and a
    /// mistaken path to a disk image should fail fast, not exhaust memory.
    public static let maximumFileSize = 1 << 30

    public init() {}

    public func fetch(_ location: String) async throws -> PlaylistMaterial {
        var info = stat()
        guard stat(location, &info) == 0 else { throw Self.failure(location, errno) }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: location) else {
                throw PlaylistError.unreadable(path: location, reason: "the directory cannot be listed (permission denied?)")
            }
            let files = names.filter { name in
                var child = stat()
                return stat(location + "/" + name, &child) == 0 && child.st_mode & S_IFMT == S_IFREG
            }
            return .directory(name: location, entries: files.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PlaylistError.unreadable(path: location, reason: "not a regular file or directory")
        }
        guard Int(info.st_size) <= Self.maximumFileSize else {
            throw PlaylistError.unreadable(path: location, reason: "the file is larger than 1 GiB")
        }
        guard let handle = FileHandle(forReadingAtPath: location) else {
            throw Self.failure(location, access(location, R_OK) == 0 ? EIO : EACCES)
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return .file(name: location, bytes: [UInt8](data))
        } catch {
            throw PlaylistError.unreadable(path: location, reason: error.localizedDescription)
        }
    }

    static func failure(_ path: String, _ code: Int32) -> PlaylistError {
        switch code {
        case ENOENT: .unreadable(path: path, reason: "no such file or directory")
        case EACCES: .unreadable(path: path, reason: "permission denied")
        default: .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
