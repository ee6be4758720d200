import Foundation

/// Every table's rows of a Facet home's database, as `sqlite3 .dump` writes
/// them: for tests that check what is (or is not) stored.
public enum SQLiteDump {
    public static func of(home: String) throws -> String {
        try BoundedProcess.run("/usr/bin/sqlite3", [home + "/facet.sqlite", ".dump"], timeout: 60).stdout
    }
}
