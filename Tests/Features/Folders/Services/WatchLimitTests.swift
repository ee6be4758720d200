import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport
import Testing

/// A watcher that cannot watch every folder says how many it left out,
/// and still watches the ones it could.
@Suite struct WatchLimitTests {
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [FolderChange] = []
        var changes: [FolderChange] { lock.lock(); defer { lock.unlock() }; return seen }
        func add(_ change: FolderChange) { lock.lock(); seen.append(change); lock.unlock() }

        /// Polls until `change` is seen or the deadline passes.
        func wait(for change: FolderChange, timeout: TimeInterval = 5) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if changes.contains(change) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return changes.contains(change)
        }
    }

    /// Ten children with a folder each, three watches allowed: the other
    /// seventeen folders are reported; a change in a watched child is seen.
    @Test func foldersBeyondTheLimitAreCounted() async throws {
        let dir = TemporaryDirectory("facet-watch-limit")
        for index in 0..<10 { dir.directory("child\(index)/inner") }
        let collector = Collector()
        let stream = InotifyWatcher(watchLimit: 3).watch(dir.path)
        let task = Task { for await change in stream { collector.add(change) } }
        defer { task.cancel() }
        #expect(await collector.wait(for: .unwatched(17)), "\(collector.changes)")
        #expect(!collector.changes.contains(.unwatched(0)))
    }

    /// Enough room: nothing is reported as unwatched.
    @Test func aTreeWithinTheLimitReportsNothing() async throws {
        let dir = TemporaryDirectory("facet-watch-limit")
        for index in 0..<3 { dir.directory("child\(index)/inner") }
        let collector = Collector()
        let stream = InotifyWatcher(watchLimit: 100).watch(dir.path)
        let task = Task { for await change in stream { collector.add(change) } }
        defer { task.cancel() }
        dir.file("child2/inner/new", "x")
        #expect(await collector.wait(for: .changed("child2")))
        #expect(!collector.changes.contains { if case .unwatched = $0 { true } else { false } })
    }
}
