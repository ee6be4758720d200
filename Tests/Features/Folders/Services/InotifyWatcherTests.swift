import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport
import Testing

/// The live watcher sees what other programs do, within a second.
@Suite struct InotifyWatcherTests {
    /// Collects changes from a watch on its own task.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [FolderChange] = []
        var changes: [FolderChange] { lock.lock(); defer { lock.unlock() }; return seen }
        func add(_ change: FolderChange) { lock.lock(); seen.append(change); lock.unlock() }

        private var isCovered = false
        func covered() { lock.lock(); isCovered = true; lock.unlock() }

        /// Polls (with a deadline) for the watcher's word that every
        /// directory of the tree has its watch.
        func waitUntilCovered(timeout: TimeInterval = 30) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if lock.withLock({ isCovered }) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return lock.withLock { isCovered }
        }

        func wait(for change: FolderChange, timeout: TimeInterval = 15) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if changes.contains(change) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return changes.contains(change)
        }
    }

    @Test func renamesCreationsDeletionsAndChangesInsideChildren() async throws {
        let dir = TemporaryDirectory("facet-watch")
        dir.directory("a")
        dir.directory("b")
        dir.directory("c/deep/er")
        let collector = Collector()
        let stream = InotifyWatcher().watch(dir.path) { collector.covered() }
        let task = Task { for await change in stream { collector.add(change) } }
        defer { task.cancel() }
        #expect(await collector.waitUntilCovered(), "the watcher never said its watches were placed")

        #expect(rename(dir.path + "/a", dir.path + "/renamed") == 0)
        #expect(await collector.wait(for: .renamed(from: "a", to: "renamed")))
        dir.directory("new")
        #expect(await collector.wait(for: .added("new")))
        dir.file("b/grown", "more bytes")
        #expect(await collector.wait(for: .changed("b")))
        // Deeper down too (watches placed from the reading thread), in a
        // child nothing else here touches.
        dir.file("c/deep/er/inside", "x")
        #expect(await collector.wait(for: .changed("c")))
        // The renamed child is still watched under its new name.
        dir.file("renamed/inside", "x")
        #expect(await collector.wait(for: .changed("renamed")))
        try FileManager.default.removeItem(atPath: dir.path + "/new")
        #expect(await collector.wait(for: .removed("new")))
    }
}
