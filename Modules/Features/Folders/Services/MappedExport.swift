import FoldersDomain
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// An export file mapped read-only, whose pages are handed back to the
/// kernel as the parser leaves them behind: the file never has to fit in
/// memory beside the tree built from it. (The pages are the file's own, so
/// reading one again, as a failure's line count does, just maps it back.)
final class MappedExport {
    let bytes: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer?
    private var released = 0
    /// Pages go back in steps of this much, to keep `madvise` calls few.
    private static let step = 8 << 20

    init(_ file: String) throws {
        guard let path = FileSystemName.cString(of: file) else { throw FolderError.invalidPath(file) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw FolderError.importFailed(file: file, reason: String(cString: strerror(errno)).lowercased())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FolderError.importFailed(file: file, reason: "it is not a regular file")
        }
        let length = Int(info.st_size)
        guard length > 0 else {
            base = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw FolderError.importFailed(file: file, reason: String(cString: strerror(errno)).lowercased())
        }
        madvise(mapped, length, MADV_SEQUENTIAL)
        base = mapped
        bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: length)
    }

    deinit {
        if let base { munmap(base, bytes.count) }
    }

    /// Gives back the whole pages before `offset`.
    func release(upTo offset: Int) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        guard end - released >= Self.step else { return }
        madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
