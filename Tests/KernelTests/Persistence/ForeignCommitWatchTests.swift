import Foundation
import KernelDomain
@testable import KernelPersistence
import TestSupport
import Testing

/// The database notices commits that other connections (another Facet
/// process, any SQLite program) make to its file, and only those: a real
/// file in a temporary folder, real connections, and the `sqlite3` program
/// as a separate process.
@Suite struct ForeignCommitWatchTests {
    let folder = TemporaryDirectory("facet-foreign-commits")
    var path: String { folder.path + "/facet.sqlite" }

    /// How many times the watch reported.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports = 0
        func add() { lock.withLock { reports += 1 } }
        var count: Int { lock.withLock { reports } }
    }

    /// Polls `condition` until it holds or `seconds` pass.
    func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    func insert(_ database: FacetDatabase, _ key: String) async throws {
        try await database.write { db in try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, 'x')", arguments: [key]) }
    }

    /// How soon is a benchmark's figure (Tools/bench/live.sh times it end to
    /// end); the tests wait with a generous deadline.
    @Test func anotherConnectionsCommitIsReported() async throws {
        let watched = try FacetDatabase(path: path)
        let other = try FacetDatabase(path: path)
        let reports = Reports()
        let watch = try #require(watched.watchForeignCommits { reports.add() })
        defer { watch.stop() }
        try await insert(other, "first")
        #expect(within(60) { reports.count >= 1 })
        // A second commit later is a second report.
        try await insert(other, "second")
        #expect(within(60) { reports.count >= 2 })
    }

    @Test func ownCommitsAreNotReported() async throws {
        let watched = try FacetDatabase(path: path)
        let other = try FacetDatabase(path: path)
        let reports = Reports()
        let watch = try #require(watched.watchForeignCommits { reports.add() })
        defer { watch.stop() }
        for index in 0..<5 { try await insert(watched, "own \(index)") }
        // Every check a write leads to (one, then the rechecks) has run.
        #expect(within(10) { watch.checkCount >= 1 + ForeignCommitWatch.rechecks.count })
        #expect(reports.count == 0)
        try await insert(other, "theirs")
        #expect(within(10) { reports.count >= 1 })
        #expect(reports.count == 1)
    }

    @Test func aCommitBySQLiteInAnotherProcessIsReported() async throws {
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "the sqlite3 program is needed")
        let watched = try FacetDatabase(path: path)
        let reports = Reports()
        let watch = try #require(watched.watchForeignCommits { reports.add() })
        defer { watch.stop() }
        let run = try BoundedProcess.run(sqlite, [path, "INSERT INTO meta (key, value) VALUES ('sqlite3', 'x');"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(within(60) { reports.count >= 1 })
    }

    @Test func aStoppedWatchReportsNothing() async throws {
        let watched = try FacetDatabase(path: path)
        let other = try FacetDatabase(path: path)
        let reports = Reports()
        let watch = try #require(watched.watchForeignCommits { reports.add() })
        watch.stop()
        watch.stop()
        try await insert(other, "after stop")
        let baseline = watch.checkCount
        #expect(!within(0.3) { reports.count > 0 || watch.checkCount > baseline })
    }
}
