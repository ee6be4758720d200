import Foundation
import Testing
import TestSupport

/// A database file that is not Facet's (another program's SQLite file put
/// where Facet keeps its own) is refused by name and left byte for byte as
/// it was: no tables added, not switched to WAL, no `-wal` made. An empty
/// file, a new folder and a database made before Facet marked its files
/// all still open.
@Suite(.serialized) struct ForeignDatabaseAttackTests {
    let home = TemporaryDirectory("facet-foreign-home")
    var database: String { home.path + "/facet.sqlite" }

    func facet(_ arguments: String...) async throws -> FacetProcess.Result {
        let home = self.home.path
        return try await offThePool { try FacetProcess.run(arguments, home: home, timeout: 60) }
    }

    /// `sqlite3 FILE SQL` from outside.
    @discardableResult
    func sqlite(_ sql: String) throws -> String { try Attack.sqlite(database, sql) }

    /// The file's bytes, compared whole (stricter than comparing digests).
    func digest() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: database))
    }

    func sidecars() -> [String] {
        ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: database + $0) }
    }

    /// The header's application id, read from the file itself.
    func applicationID() throws -> UInt32 {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database)).prefix(72)
        return bytes[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Every kind of command is refused the same way, and nothing is touched.
    func expectRefused(_ words: String) async throws {
        let before = try digest()
        let sidecarsBefore = sidecars()
        for arguments in [["playlists"], ["login", "sign-in", "--first-name", "Ada", "--last-name", "L"],
                          ["settings", "set", "page-size", "20"], ["stars", "--json"]] {
            let result = try await offThePool { [home] in try FacetProcess.run(arguments, home: home.path, timeout: 60) }
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("Not a Facet database: \(database) \(words)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Facet left the file as it was"))
        }
        #expect(try digest() == before)
        #expect(sidecars() == sidecarsBefore)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() async throws {
        try sqlite("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('mine');")
        try await expectRefused("holds other tables (notes)")
        #expect(sidecars().isEmpty)
        #expect(try sqlite("PRAGMA journal_mode") == "delete")
        #expect(try sqlite("SELECT group_concat(name) FROM sqlite_schema WHERE type = 'table'") == "notes")
    }

    @Test func anotherProgramsWALDatabaseGetsNoSidecars() async throws {
        // The sqlite3 shell checkpoints and removes its -wal when it closes.
        try sqlite("PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
        #expect(sidecars().isEmpty)
        try await expectRefused("holds other tables (notes)")
        #expect(sidecars().isEmpty)
    }

    @Test func anotherApplicationIDIsRefusedEvenWithFacetsTables() async throws {
        #expect(try await facet("playlists").status == 0)
        try sqlite("PRAGMA application_id = 305419896")  // 0x12345678
        try await expectRefused("belongs to another application (id 0x12345678)")
    }

    @Test func aFileThatIsNotSQLiteIsNamedAsDamaged() async throws {
        FileManager.default.createFile(atPath: database, contents: Data(String(repeating: "notes ", count: 100).utf8))
        let result = try await facet("playlists")
        #expect(result.status == 1)
        #expect(result.stderr.contains("The database file is damaged and cannot be read: \(database) is not an SQLite database"))
        #expect(sidecars().isEmpty)
    }

    @Test func anEmptyFileAndANewFolderBecomeFacetDatabases() async throws {
        FileManager.default.createFile(atPath: database, contents: Data())
        #expect(try await facet("playlists").status == 0)
        #expect(try applicationID() == 0x4641_4345)
        let fresh = TemporaryDirectory("facet-foreign-new")
        let nested = fresh.path + "/deeper/home"
        let result = try await offThePool { try FacetProcess.run(["playlists"], home: nested, timeout: 60) }
        #expect(result.status == 0, "\(result.stderr)")
        let header = try Data(contentsOf: URL(fileURLWithPath: nested + "/facet.sqlite")).prefix(72)
        #expect(header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } == 0x4641_4345)
    }

    @Test func aDatabaseFromBeforeTheMarkOpensKeepsItsDataAndIsMarked() async throws {
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try await facet("settings", "set", "github-user", "octo").status == 0)
        // As Facet left its files before it wrote an application id.
        try sqlite("PRAGMA application_id = 0")
        #expect(try applicationID() == 0)
        let tablesBefore = try sqlite("SELECT group_concat(name) FROM (SELECT name FROM sqlite_schema ORDER BY name)")
        let result = try await facet("settings", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"octo\""))
        #expect(try applicationID() == 0x4641_4345)
        #expect(try sqlite("SELECT group_concat(name) FROM (SELECT name FROM sqlite_schema ORDER BY name)") == tablesBefore)
        #expect(try await facet("settings").stdout.contains("octo"))
    }
}
