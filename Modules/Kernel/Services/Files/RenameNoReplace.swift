import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `renameat2(…, RENAME_NOREPLACE)`: an existing entry is never replaced,
/// atomically, whatever another process does.
///
/// glibc's `renameat2` wrapper is not visible through Swift's Glibc module
/// (it sits behind `_GNU_SOURCE`), and `syscall(2)` is variadic, which Swift
/// cannot call; so the symbol is looked up at run time. Where the kernel or
/// file system does not support the flag (`EINVAL`, `ENOSYS`: some FUSE and
/// network file systems) it falls back to checking that the target does not
/// exist and then `renameat`: that fallback is RACY (another process can
/// create the target between the check and the rename) and is used only
/// where the atomic form is unavailable.
public enum RenameNoReplace {
    /// Renames `old` to `new`, both in the folder `fd`: 0 on success, else
    /// -1 with `errno` set (`EEXIST` when `new` exists).
    public static func rename(_ fd: Int32, _ old: [CChar], _ new: [CChar]) -> Int32 {
        if let renameat2 {
            let result = renameat2(fd, old, fd, new, flag)
            if result == 0 || (errno != EINVAL && errno != ENOSYS) { return result }
        }
        // Racy fallback (see the type's comment).
        var existing = stat()
        if fstatat(fd, new, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
            errno = EEXIST
            return -1
        }
        return renameat(fd, old, fd, new)
    }

    /// `RENAME_NOREPLACE` from `<linux/fs.h>`.
    static let flag: UInt32 = 1

    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc ≥ 2.28 exports it; nil on older C libraries (then the fallback).
    static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
}
