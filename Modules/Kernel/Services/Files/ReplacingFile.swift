import Foundation
import KernelDomain
#if canImport(Glibc)
import Glibc
#endif

/// A file written so that nothing at its path can redirect the write, and
/// moved into place only once complete.
///
/// The content goes into a new file created with `O_EXCL | O_NOFOLLOW`
/// under a random name in the target's own folder: a symlink, FIFO or file
/// planted at a predictable name is never opened, so never written through.
/// `commit` renames it over the target only while the target is a regular
/// file (or absent); a device, FIFO, socket, symbolic link or folder there is
/// refused up front and again at commit, never replaced. A replaced file
/// keeps its permission bits and owner. An existing file is replaced only
/// when the caller says so (`replacing`), and a target that appears while
/// the file is written is not replaced unless the caller said so
/// (`RENAME_NOREPLACE`).
///
/// A failed or abandoned write removes the temporary file and leaves the
/// target as it was.
public final class ReplacingFile: @unchecked Sendable {
    /// The path as the caller gave it (for messages).
    public let path: String
    /// Where to write the content.
    public let descriptor: Int32
    private let directory: Int32
    private let name: [CChar]
    private let temporary: [CChar]
    private let replacing: Bool
    /// Committed or abandoned: the temporary name is gone either way.
    private var finished = false

    /// Checks the target and creates the temporary file; throws a
    /// `FileWriteError` (nothing created) when the target may not be written.
    /// The size of the regular file at `path`, nil when there is none: what
    /// an export would replace, for the question asked before it. Only a
    /// regular file is ever replaced; anything else is refused by the write
    /// itself, saying what it is.
    public static func existingRegularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    public init(path: String, replacing: Bool) throws(FileWriteError) {
        self.path = path
        self.replacing = replacing
        let leaf = Self.lastComponent(path)
        guard !leaf.isEmpty, leaf != ".", leaf != "..", !path.hasSuffix("/") else {
            throw .notRegularFile(path, what: "a folder")
        }
        guard let nameBytes = FileSystemName.cString(of: leaf),
              let directoryBytes = FileSystemName.cString(of: Self.folder(of: path))
        else { throw .io(path: path, reason: "the path holds a NUL character or an invalid escape") }
        let directory = open(directoryBytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw Self.failure(errno, path) }
        var existing = stat()
        let present = fstatat(directory, nameBytes, &existing, AT_SYMLINK_NOFOLLOW) == 0
        if !present, errno != ENOENT {
            let code = errno
            close(directory)
            throw Self.failure(code, path)
        }
        if present {
            if let what = Self.kind(existing) {
                close(directory)
                throw .notRegularFile(path, what: what)
            }
            if !replacing {
                close(directory)
                throw .exists(path)
            }
        }
        var created: (Int32, [CChar])?
        for _ in 0..<16 where created == nil {
            let candidate = Array(".\(leaf).facet-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))".utf8CString)
            let fd = openat(directory, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 {
                created = (fd, candidate)
            } else if errno != EEXIST {
                let code = errno
                close(directory)
                throw Self.failure(code, path)
            }
        }
        guard let (fd, temporaryName) = created else {
            close(directory)
            throw .io(path: path, reason: "no unused temporary name in its folder")
        }
        self.directory = directory
        self.descriptor = fd
        self.name = nameBytes
        self.temporary = temporaryName
        if present {
            // The replacement keeps who may read it and whose it is.
            if fchown(fd, existing.st_uid, existing.st_gid) != 0, existing.st_uid != geteuid() {
                abandon()
                throw .ownerNotKept(path)
            }
            fchmod(fd, existing.st_mode & 0o7777)
        }
    }

    /// The descriptors close only here, when no writer holds this object
    /// any more: a descriptor closed under a writing thread could be reused
    /// by another file and written into.
    deinit {
        abandon()
        close(descriptor)
        close(directory)
    }

    /// Makes the content durable and moves it into place. Throws (and
    /// removes the temporary file) if the target became something other
    /// than a regular file meanwhile, or appeared when replacing was not
    /// asked for.
    public func commit() throws(FileWriteError) {
        guard !finished else { throw .io(path: path, reason: "the write was already finished") }
        if fsync(descriptor) != 0 {
            let code = errno
            abandon()
            throw Self.failure(code, path)
        }
        var existing = stat()
        if fstatat(directory, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
            if let what = Self.kind(existing) {
                abandon()
                throw .notRegularFile(path, what: what)
            }
            if !replacing {
                abandon()
                throw .exists(path)
            }
        }
        let moved = replacing
            ? renameat(directory, temporary, directory, name)
            : RenameNoReplace.rename(directory, temporary, name)
        if moved != 0 {
            let code = errno
            abandon()
            throw code == EEXIST ? .exists(path) : Self.failure(code, path)
        }
        finished = true
    }

    /// Removes the temporary file (at once, even while a writer still
    /// holds the descriptor); the target is untouched.
    public func abandon() {
        guard !finished else { return }
        finished = true
        unlinkat(directory, temporary, 0)
    }

    /// What is at the target when it is not a regular file, in words.
    static func kind(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// The path's last component ("" for "/").
    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }

    /// The folder the path's last component is in, as given ("." when the
    /// path has no folder part).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    static func failure(_ code: Int32, _ path: String) -> FileWriteError {
        switch code {
        case EISDIR: .notRegularFile(path, what: "a folder")
        default: .io(path: path, reason: String(cString: strerror(code)).lowercased())
        }
    }
}
