import Foundation
import Testing
import TestSupport

/// The GitHub token is kept in the 0600 database; once it is cleared or
/// replaced, no copy of the old value is left in the database file or its
/// WAL (SQLite would otherwise keep the old row in free page space and old
/// page versions in the WAL until some later checkpoint).
@Suite(.serialized) struct SecretsAtRestAttackTests {
    let home = TemporaryDirectory("facet-secrets-home")

    func facet(_ arguments: String...) async throws -> FacetProcess.Result {
        let home = self.home.path
        let result = try await offThePool { try FacetProcess.run(arguments, home: home, timeout: 60) }
        #expect(result.status == 0, "facet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// How many times `secret` appears in the raw bytes of the database's files.
    func copies(of secret: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            guard let bytes = FileManager.default.contents(atPath: home.path + "/facet.sqlite" + suffix) else { continue }
            found["facet.sqlite" + suffix] = Self.count(Data(secret.utf8), in: bytes)
        }
        return found
    }

    static func count(_ needle: Data, in haystack: Data) -> Int {
        var count = 0
        var start = haystack.startIndex
        while let range = haystack.range(of: needle, in: start..<haystack.endIndex) {
            count += 1
            start = range.upperBound
        }
        return count
    }

    /// Signs in and sets a token, then rewrites the settings row a few times.
    /// A second profile's row after it on the page keeps SQLite from simply
    /// growing the free gap over a dropped row: without secure delete the old
    /// row's bytes stay in the page.
    func setUp(token: String) async throws {
        _ = try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        _ = try await facet("settings", "set", "github-token", token)
        _ = try await facet("login", "sign-in", "--first-name", "Bob", "--last-name", "Other")
        _ = try await facet("settings", "set", "github-user", "bob")
        _ = try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        _ = try await facet("settings", "set", "github-user", "octo")
        for size in [20, 30, 40] { _ = try await facet("settings", "set", "page-size", "\(size)") }
    }

    @Test func aClearedTokenLeavesNoCopyInTheDatabaseOrItsWAL() async throws {
        let token = "ghp_CLEARME0123456789abcdefghijklmnopqrstu"
        try await setUp(token: token)
        // The scan sees the token while it is set.
        #expect(copies(of: token).values.reduce(0, +) > 0)
        let cleared = try await facet("settings", "set", "github-token", "")
        #expect(cleared.stdout.contains("not set"))
        let left = copies(of: token)
        #expect(left["facet.sqlite"] == 0)
        #expect(left.values.allSatisfy { $0 == 0 }, "copies of the cleared token: \(left)")
        for suffix in ["", "-wal"] {
            let mode = (try? FileManager.default.attributesOfItem(atPath: home.path + "/facet.sqlite" + suffix))?[.posixPermissions]
            #expect(mode as? Int == 0o600, "facet.sqlite\(suffix)")
        }
    }

    @Test func aReplacedTokenLeavesOnlyTheNewOne() async throws {
        let old = "ghp_OLDTOKEN0123456789abcdefghijklmnopqrs"
        let new = "ghp_NEWTOKEN0123456789abcdefghijklmnopqrs"
        try await setUp(token: old)
        _ = try await facet("settings", "set", "github-token", new)
        let left = copies(of: old)
        #expect(left.values.allSatisfy { $0 == 0 }, "copies of the replaced token: \(left)")
        #expect(copies(of: new).values.reduce(0, +) >= 1)
    }

    @Test func aReaderInAnotherProcessDelaysTheEraseButNotTheSave() async throws {
        let token = "ghp_HELDTOKEN0123456789abcdefghijklmnopqr"
        try await setUp(token: token)
        // Another process holds a read snapshot, so the WAL cannot be truncated.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        reader.arguments = [home.path + "/facet.sqlite"]
        let input = Pipe()
        let output = Pipe()
        reader.standardInput = input
        reader.standardOutput = output
        try reader.run()
        // Killed past it, which also ends the read loop below (end of file).
        let deadline = ChildDeadline(reader, seconds: 300)
        input.fileHandleForWriting.write(Data("BEGIN;\nSELECT 'holding', count(*) FROM settings;\n".utf8))
        // Its answer means the snapshot is held.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("holding") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        // A save that waited for the reader would wait for as long as the
        // lock wait allows: made far longer than the child's deadline, so
        // finishing at all is the check, whatever the machine's load.
        let home = self.home.path
        let cleared = try await offThePool {
            try FacetProcess.run(
                ["settings", "set", "github-token", ""], home: home, environment: ["FACET_BUSY_TIMEOUT_MS": "3600000"], timeout: 120)
        }
        #expect(cleared.status == 0, "the save waited for the reader: \(cleared.stderr)")
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        reader.waitUntilExit()
        deadline.finish()
        #expect(!deadline.expired, "the sqlite3 reader ran past its deadline")
        // The next settings write erases what the held snapshot kept.
        _ = try await facet("settings", "set", "page-size", "25")
        let left = copies(of: token)
        #expect(left.values.allSatisfy { $0 == 0 }, "copies after the reader left: \(left)")
    }
}
