import Foundation

/// The part of SQLite's wal-index header (the start of the `-shm` file)
/// that says how much of the WAL is live: `mxFrame`, the frames a reader
/// would use, and the page size. Its layout is documented in
/// https://sqlite.org/walformat.html (section 2.2.1) and versioned by its
/// first field; any other version reads as nil.
struct WALIndexHeader: Equatable {
    var frames: Int
    var pageSize: Int

    init(frames: Int, pageSize: Int) {
        self.frames = frames
        self.pageSize = pageSize
    }

    /// The header's version: the SQLite release that introduced it.
    static let version: UInt32 = 3_007_000

    /// Nil when the file is missing, short, of another version, or not yet
    /// initialised by SQLite.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // iVersion u32, unused u32, iChange u32, isInit u8, bigEndCksum u8,
        // szPage u16, mxFrame u32: native byte order (it is shared memory).
        var bytes = [UInt8](repeating: 0, count: 20)
        guard bytes.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 20, 0) }) == 20 else { return nil }
        func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        guard field(0, UInt32.self) == Self.version, bytes[12] == 1 else { return nil }
        let size = Int(field(14, UInt16.self))
        frames = Int(field(16, UInt32.self))
        // A 65,536-byte page is stored as 1, its size not fitting 16 bits.
        pageSize = size == 1 ? 65_536 : size
    }
}
