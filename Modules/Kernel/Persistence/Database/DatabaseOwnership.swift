import Foundation
import GRDBSQLite
import KernelDomain

/// Tells Facet's own database file from any other before Facet writes to it.
///
/// Opening a file as a pool switches it to WAL and migrating adds tables, so
/// a file that belongs to another program must be refused before either.
/// Facet's databases carry `applicationID` in their header (a core
/// migration writes it); databases made before that are recognised by the
/// tables the first core migration made and the migrator's own table.
enum DatabaseOwnership {
    /// "FACE" in ASCII, in the header's application-id field.
    static let applicationID: Int32 = 0x4641_4345

    enum Verdict: Equatable {
        /// No file, an empty one, or an SQLite file without tables (or only
        /// the migrator's, as a Facet process creating it leaves it for a
        /// moment): nothing to spoil.
        case new
        /// The header carries Facet's application id.
        case facet
        /// Facet's tables without the id: a database from before the id.
        case unmarked
    }

    /// What `path` is, or the error that refuses it. Reads the 100-byte
    /// header directly; only a file without an id is opened, read-only.
    static func check(_ path: String) throws(StorageError) -> Verdict {
        // Closing this descriptor drops every POSIX lock the process holds on
        // the file, SQLite's among them: safe only because it runs before the
        // process's one `FacetDatabase` opens the file.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .new }  // missing or unreadable: opening says why
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        close(fd)
        if count == 0 { return .new }
        guard count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw StorageError(.corrupt, "\(path) is not an SQLite database")
        }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if Int32(bitPattern: id) == applicationID { return .facet }
        if id != 0 {
            throw StorageError(.foreign, "\(path) belongs to another application (id 0x\(String(id, radix: 16)))")
        }
        // Bytes 18 and 19 are 2 in WAL mode.
        return try unmarked(path, wal: header[18] == 2 && header[19] == 2)
    }

    /// Reads the table names of a file without an application id.
    private static func unmarked(_ path: String, wal: Bool) throws(StorageError) -> Verdict {
        // A WAL file whose `-wal` is gone holds everything in the main file:
        // open it immutable, or SQLite would create the `-wal` and `-shm`.
        let immutable = wal && access(path + "-wal", F_OK) != 0
        let name = immutable ? FacetDatabase.immutableURI(path) : path
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(name, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK, let handle else {
            throw StorageError(.cannotOpen, "\(path): cannot be read")
        }
        sqlite3_busy_timeout(handle, Int32(FacetDatabase.busyTimeout * 1000))
        let tables = try strings(handle, "SELECT name FROM sqlite_schema WHERE type = 'table'", path)
        // The migrator creates its table on its own before the first
        // migration: another Facet process may be that far in creating it.
        if tables.allSatisfy({ $0 == "grdb_migrations" }) { return .new }
        if Set(tables).isSuperset(of: ["meta", "grdb_migrations"]),
            try strings(handle, "SELECT identifier FROM grdb_migrations", path).contains(Migration.metaV1.id)
        {
            return .unmarked
        }
        let shown = tables.sorted().prefix(5).joined(separator: ", ")
        throw StorageError(.foreign, "\(path) holds other tables (\(shown)\(tables.count > 5 ? ", …" : ""))")
    }

    private static func strings(_ handle: OpaquePointer, _ sql: String, _ path: String) throws(StorageError) -> [String] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw failure(handle, path)
        }
        var values: [String] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return values }
            guard step == SQLITE_ROW else { throw failure(handle, path) }
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    private static func failure(_ handle: OpaquePointer, _ path: String) -> StorageError {
        let message = "\(path): \(String(cString: sqlite3_errmsg(handle)))"
        switch sqlite3_errcode(handle) & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return StorageError(.locked, message)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return StorageError(.corrupt, message)
        default: return StorageError(.cannotOpen, message)
        }
    }
}
