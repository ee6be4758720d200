import GRDB
import GRDBSQLite

/// The few SQLite C calls the bulk writers (`SongBulkInsert`,
/// `PhotoBulkUpsert`) make on a prepared statement's handle: binding text
/// without going through GRDB's value boxing, and stepping with a GRDB
/// error on failure, so a failed row rolls back its transaction.
enum RawStatement {
    /// SQLite's SQLITE_TRANSIENT (a macro Swift does not import): copy the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func bind(_ text: String, _ index: Int32, _ handle: SQLiteStatement) {
        text.withBorrowedUTF8 { bytes in
            // An empty buffer may have no address; SQLite wants a pointer for "".
            if let base = bytes.baseAddress {
                _ = sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, transient)
            }
        }
    }

    /// Runs a bound insert or update to completion.
    static func step(_ handle: SQLiteStatement, _ db: Database) throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
