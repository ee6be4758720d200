import Foundation
import KernelDomain
import KernelServices
import PlaylistsDomain

/// Reads playlist material from the local file system: a file's bytes, or
/// the files of a directory and its subfolders. (Seed 001's `FileReader`,
/// with real errors.)
public struct FilePlaylistSource: PlaylistSource {
    /// Larger files are refused before reading: a playlist is text, and a
    /// mistaken path to a disk image should fail fast, not exhaust memory.
    public static let maximumFileSize = 1 << 30

    /// The directory relative locations start from; nil means the process's
    /// current directory at the time of each import.
    public let currentDirectory: String?

    public init(currentDirectory: String? = nil) { self.currentDirectory = currentDirectory }

    /// `road.m3u` → `/home/ada/road.m3u`, `./mp3dir/` → `/home/ada/mp3dir`:
    /// absolute, without `.`, `..` or trailing slashes (lexically: symlinks
    /// are kept as the user named them).
    public func resolve(_ location: String) -> String {
        guard !location.isEmpty else { return location }
        let base = currentDirectory ?? FileManager.default.currentDirectoryPath
        return FolderPath.normalize(location, relativeTo: base)
    }

    public func fetch(_ location: String) async throws -> PlaylistMaterial {
        guard let bytes = FileSystemName.cString(of: location) else {
            throw PlaylistError.unreadable(path: location, reason: "not a path (it holds a NUL)")
        }
        var info = stat()
        guard stat(bytes, &info) == 0 else { throw Self.failure(location, errno) }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard AudioTreeListing.names(in: location) != nil else {
                throw PlaylistError.unreadable(path: location, reason: "the directory cannot be listed (permission denied?)")
            }
            let tree = AudioTreeListing.list(location, root: info)
            return .directory(name: location, entries: tree.files, skipped: tree.skipped)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PlaylistError.unreadable(path: location, reason: "not a regular file or directory")
        }
        // One audio file is a folder of one song (as cmus's `add` takes a
        // file): its tags are read, its bytes never loaded.
        if let slash = location.lastIndex(of: "/"), Self.isAudio(location) {
            let folder = slash == location.startIndex ? "/" : String(location[..<slash])
            return .directory(name: folder, entries: [String(location[location.index(after: slash)...])], skipped: SkippedFolders())
        }
        guard Int(info.st_size) <= Self.maximumFileSize else {
            throw PlaylistError.unreadable(path: location, reason: "the file is larger than 1 GiB")
        }
        return .file(name: location, bytes: try Self.readAll(location, size: Int(info.st_size)))
    }

    /// Reads the whole file into one buffer of its size (no `Data` then a
    /// copy: for a large playlist the copy and its page faults cost more
    /// than parsing it).
    static func readAll(_ path: String, size: Int) throws -> [UInt8] {
        guard let name = FileSystemName.cString(of: path) else { throw failure(path, ENOENT) }
        let fd = open(name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 0)
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(path, errno) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    static func isAudio(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return AudioDirectorySongParser.audioExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    static func failure(_ path: String, _ code: Int32) -> PlaylistError {
        switch code {
        case ENOENT: .unreadable(path: path, reason: "no such file or directory")
        case EACCES: .unreadable(path: path, reason: "permission denied")
        default: .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
