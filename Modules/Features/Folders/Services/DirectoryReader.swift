import CDirectoryEntries
import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// Reads a directory's entry names from an open descriptor, as cheaply as
/// Linux allows: `getdents64` into one reusable buffer (no `DIR` allocation,
/// no `fcntl`/`fstat` from `fdopendir`, the descriptor stays the caller's).
/// Falls back to `fdopendir`/`readdir` when asked (`FACET_SCAN_READDIR`).
///
/// One reader per thread: the buffer is reused for every directory.
final class DirectoryReader {
    private static let size = 64 * 1024
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: DirectoryReader.size, alignment: 8)

    deinit { buffer.deallocate() }

    /// Calls `body` with each name (including `.` and `..`); false with
    /// `errno` set if reading failed part-way.
    func forEach(_ fd: Int32, _ body: (UnsafePointer<CChar>) -> Void) -> Bool {
        forEachTyped(fd) { name, _ in body(name) }
    }

    /// `forEach` with each entry's `d_type` (`DT_UNKNOWN` where the file
    /// system does not say).
    func forEachTyped(_ fd: Int32, _ body: (UnsafePointer<CChar>, UInt8) -> Void) -> Bool {
        guard let getdents = Self.getdents64 else {
            let copy = dup(fd)
            guard copy >= 0, let dir = fdopendir(copy) else { return false }
            defer { closedir(dir) }
            errno = 0
            while let entry = readdir(dir) {
                let base = UnsafeRawPointer(entry)
                body((base + Self.nameOffset).assumingMemoryBound(to: CChar.self),
                     base.load(fromByteOffset: Self.typeOffset, as: UInt8.self))
            }
            return errno == 0
        }
        while true {
            let count = getdents(fd, buffer, Self.size)
            if count == 0 { return true }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            var offset = 0
            while offset < count {
                // struct linux_dirent64 { u64 d_ino; s64 d_off; u16 d_reclen; u8 d_type; char d_name[]; }
                let length = buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self)
                let type = buffer.load(fromByteOffset: offset + 18, as: UInt8.self)
                body((buffer + offset + 19).assumingMemoryBound(to: CChar.self), type)
                offset += Int(length)
            }
        }
    }

    static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!

    typealias GetDents64 = @Sendable (Int32, UnsafeMutableRawPointer, Int) -> Int

    /// The system call itself (a static executable has no symbol to look
    /// up); `FACET_SCAN_READDIR` falls back to `readdir`, for comparison.
    static let getdents64: GetDents64? = {
        if ProcessInfo.processInfo.environment["FACET_SCAN_READDIR"] != nil { return nil }
        return { fd, buffer, length in facet_getdents64(fd, buffer, UInt(length)) }
    }()
}
