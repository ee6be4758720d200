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

    /// What the watch reported, and when.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var times: [ContinuousClock.Instant] = []
        func add() { lock.withLock { times.append(.now) } }
        var count: Int { lock.withLock { times.count } }
        var first: ContinuousClock.Instant? { lock.withLock { times.first } }
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

    @Test func anotherConnectionsCommitIsReportedWithinHalfASecond() async throws {
        let watched = try FacetDatabase(path: path)
        let other = try FacetDatabase(path: path)
        let reports = Reports()
        let watch = try #require(watched.watchForeignCommits { reports.add() })
        defer { watch.stop() }
        let started = ContinuousClock.now
        try await insert(other, "first")
        #expect(within(10) { reports.count >= 1 })
        let latency = try #require(reports.first) - started
        print("foreign commit noticed \(latency) after it began")
        #expect(latency < .milliseconds(500))
        // A second commit later is a second report.
        try await insert(other, "second")
        #expect(within(10) { reports.count >= 2 })
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
        let exited = ContinuousClock.now
        #expect(run.status == 0, "\(run.stderr)")
        #expect(within(10) { reports.count >= 1 })
        let latency = try #require(reports.first) - exited
        print("sqlite3's commit noticed \(latency) after it exited")
        #expect(latency < .milliseconds(500))
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
