import Foundation
import GRDB
import GRDBSQLite

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

    /// One copy of the header; SQLite keeps two, one after the other.
    static let copySize = 48

    /// The header as `db`'s connection sees it in its own mapping of the
    /// shared memory; nil when the connection is not in WAL mode or the
    /// header is unreadable or changing.
    ///
    /// Read through SQLite, never by opening the `-shm` file: SQLite's locks
    /// on that file are POSIX record locks, and closing any descriptor of a
    /// file drops every lock the process holds on it. Among them is the one
    /// that tells other processes this one still uses the shared memory:
    /// without it, the next process to open the database believes itself
    /// the only user, truncates the file and rebuilds it, and this process
    /// dies of SIGBUS on its next access to the part of its mapping that is
    /// gone (two sign-ins racing on a fresh home did).
    init?(_ db: Database) {
        // The connection maps the shared memory when it opens the WAL;
        // asking for the mapping otherwise would open it behind SQLite's
        // back. A WAL-mode connection has opened it by its first statement.
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode")) == "wal" else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let methods = file?.pointee.pMethods, methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap
        else { return nil }
        // Region 0, in SQLite's region size: already mapped, so this only
        // returns its address (bExtend 0 never grows the file).
        var region: UnsafeMutableRawPointer?
        guard map(file, 0, 32_768, 0, &region) == SQLITE_OK, let region else { return nil }
        self.init(UnsafeRawPointer(region))
    }

    /// Parses the header at `memory`: its first copy, taken only when the
    /// second matches (another process may be writing it, second copy
    /// first, as SQLite's own readers assume).
    init?(_ memory: UnsafeRawPointer) {
        var first = [UInt8](repeating: 0, count: Self.copySize)
        var second = first
        first.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: memory, count: Self.copySize)) }
        second.withUnsafeMutableBytes {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: memory + Self.copySize, count: Self.copySize))
        }
        guard first == second else { return nil }
        self.init(header: first)
    }

    /// Nil when the bytes are of another version or not yet initialised by SQLite.
    init?(header bytes: [UInt8]) {
        guard bytes.count >= 20 else { return nil }
        // iVersion u32, unused u32, iChange u32, isInit u8, bigEndCksum u8,
        // szPage u16, mxFrame u32: native byte order (it is shared memory).
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
