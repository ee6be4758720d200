import GRDB
import GRDBSQLite

/// The few SQLite C calls the bulk writers (`SongBulkInsert`,
/// `PhotoBulkUpsert`) make on a prepared statement's handle: binding text
/// without going through GRDB's value boxing, and stepping with a GRDB
/// error on failure, so a failed row rolls back its transaction.
public enum RawStatement {
    /// Binds `text` to parameter `index` (nil binds NULL) for the duration
    /// of `body`, which runs the step that reads it; nest one call per text.
    ///
    /// The text is bound where the string keeps it (SQLITE_STATIC): SQLite
    /// reads bound text only while stepping, and the step runs inside the
    /// borrow. Copying it (SQLITE_TRANSIENT) cost a malloc, a copy and a free
    /// per value, a seventh of rewriting 5,000 photos. `withHandles` clears
    /// the bindings before the borrowed bytes can be gone.
    public static func withText<Result>(
        _ text: String?, at index: Int32, _ handle: SQLiteStatement, _ body: () throws -> Result
    ) rethrows -> Result {
        guard let text else {
            sqlite3_bind_null(handle, index)
            return try body()
        }
        return try text.withBorrowedUTF8 { bytes in
            bindText(bytes.assumingMemoryBound(to: UInt8.self), at: index, handle)
            return try body()
        }
    }

    /// Binds UTF-8 `bytes` where they are (SQLITE_STATIC, see `withText`):
    /// they must stay put until the step that reads them has run.
    public static func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, _ handle: SQLiteStatement) {
        if let base = bytes.baseAddress {
            _ = sqlite3_bind_text(handle, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
        } else {
            // An empty buffer may have no address, and nil binds NULL: "" is copied.
            _ = sqlite3_bind_text(handle, index, "", 0, transient)
        }
    }

    /// SQLite's SQLITE_TRANSIENT (a macro Swift does not import): copy the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Prepares each of `sql` and lends the handles to `body`, in order. The
    /// GRDB statements finalize their handle when freed, so they are kept
    /// alive until `body` returns; each is reset and its bindings cleared
    /// afterwards, so no read lock, half-run step or borrowed text (see
    /// `withText`) outlives the call.
    public static func withHandles<Result>(
        _ sql: [String], _ db: Database, _ body: ([SQLiteStatement]) throws -> Result
    ) throws -> Result {
        let statements = try sql.map { try db.makeStatement(sql: $0) }
        return try withExtendedLifetime(statements) {
            defer {
                for statement in statements {
                    sqlite3_reset(statement.sqliteStatement)
                    sqlite3_clear_bindings(statement.sqliteStatement)
                }
            }
            return try body(statements.map(\.sqliteStatement))
        }
    }

    /// Runs a bound insert or update to completion.
    public static func step(_ handle: SQLiteStatement, _ db: Database) throws {
        if try nextRow(handle, db) {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a write statement returned a row")
        }
    }

    /// Steps a query: true while it has a row, false once it is done.
    public static func nextRow(_ handle: SQLiteStatement, _ db: Database) throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: true
        case SQLITE_DONE: false
        case let code: throw failure(code, db)
        }
    }

    private static func failure(_ code: Int32, _ db: Database) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
