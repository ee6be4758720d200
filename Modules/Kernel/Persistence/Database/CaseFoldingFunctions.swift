import GRDB
import GRDBSQLite
import KernelDomain

/// `facet_fold(text)` and `facet_contains(text, folded_needle)`: Domain's
/// `CaseFolding` as SQL functions, registered on every connection. SQLite's
/// own `NOCASE` and `LIKE` fold ASCII letters only ("CAFÉ" is not "café"
/// to them). Used in queries, never in the schema (an index, a CHECK, a
/// view), so the `sqlite3` tool still reads every table.
enum CaseFoldingFunctions {
    static func register(on db: Database) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let connection = db.sqliteConnection
        var code = sqlite3_create_function_v2(connection, "facet_fold", 1, flags, nil, fold, nil, nil, nil)
        if code == SQLITE_OK {
            code = sqlite3_create_function_v2(connection, "facet_contains", 2, flags, nil, contains, nil, nil, nil)
        }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register facet_fold") }
    }
}

/// NULL stays NULL; anything else is read as text.
private func fold(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL else { return sqlite3_result_null(context) }
    let folded = CaseFolding.fold(text(value))
    sqlite3_result_text(context, folded, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
}

/// 1 or 0; NULL text contains nothing (but an empty needle). Both texts
/// are read where SQLite keeps them: this runs once per row of a filter.
private func contains(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let haystack = values?[0], let needleValue = values?[1] else { return sqlite3_result_null(context) }
    let needle = UnsafeBufferPointer(start: sqlite3_value_text(needleValue), count: Int(sqlite3_value_bytes(needleValue)))
    guard sqlite3_value_type(haystack) != SQLITE_NULL else { return sqlite3_result_int(context, needle.isEmpty ? 1 : 0) }
    let bytes = sqlite3_value_text(haystack)
    let length = Int(sqlite3_value_bytes(haystack))
    let found = CaseFolding.contains(utf8: UnsafeBufferPointer(start: bytes, count: length), foldedNeedle: needle)
    sqlite3_result_int(context, found ? 1 : 0)
}

private func text(_ value: OpaquePointer) -> String {
    guard let bytes = sqlite3_value_text(value) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
}
