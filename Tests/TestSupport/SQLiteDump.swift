import Foundation

/// Every table's rows of a Facet home's database, as `sqlite3 .dump` writes
/// them: for tests that check what is (or is not) stored.
public enum SQLiteDump {
    public static func of(home: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [home + "/facet.sqlite", ".dump"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: 60)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        return String(decoding: data, as: UTF8.self)
    }
}
