import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import Synchronization
import TestSupport
import Testing

/// Trees deeper than any thread stack: the walk must not recurse per level
/// and must not hold one descriptor per level.
@Suite(.serialized) struct DeepTreeScanTests {
    typealias F = FolderTreeFixtures

    /// A chain `d/d/d/…` `depth` levels deep (built with `mkdirat`, as no path
    /// that long can be opened at once), with a 7-byte file every 1,000 levels.
    static func chain(in root: String, depth: Int) {
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for level in 0..<depth {
            mkdirat(fd, "d", 0o755)
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            if level % 1000 == 0 {
                let file = openat(fd, "f", O_CREAT | O_WRONLY, 0o644)
                _ = write(file, "1234567", 7)
                close(file)
            }
        }
        close(fd)
    }

    /// Removes a chain made by `chain(in:depth:)`, bottom up, climbing by
    /// `..` (`rm -rf` takes a minute on 20,000 levels; `FileManager` recurses).
    static func removeChain(in root: String) {
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        var depth = 0
        while true {
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            if next < 0 { break }
            close(fd)
            fd = next
            depth += 1
        }
        while depth > 0 {
            unlinkat(fd, "f", 0)
            let parent = openat(fd, "..", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = parent
            unlinkat(fd, "d", AT_REMOVEDIR)
            depth -= 1
        }
        unlinkat(fd, "f", 0)
        close(fd)
    }

    /// A scratch directory on tmpfs when there is one: ext4 here takes
    /// about a minute to remove 20,000 nested directories, tmpfs a second.
    final class Scratch {
        let path: String
        private let fallback: TemporaryDirectory?

        init() {
            var template = Array("/dev/shm/facet-deep-XXXXXX".utf8CString)
            if access("/dev/shm", W_OK) == 0, let made = mkdtemp(&template) {
                path = String(cString: made)
                fallback = nil
            } else {
                let dir = TemporaryDirectory("facet-deep")
                path = dir.path
                fallback = dir
            }
        }

        func directory(_ name: String) { mkdir(path + "/" + name, 0o755) }

        func file(_ name: String, _ text: String) {
            let full = path + "/" + name
            try? FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        }

        deinit {
            if fallback == nil { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Runs blocking work (building, measuring, deleting thousands of levels)
    /// on a GCD thread: blocking the two cooperative threads for seconds
    /// starves the other async tests of the run.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    static func openDescriptors() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }

    @Test func aTwelveThousandDeepChainScansLikeDu() async throws {
        let dir = Scratch()
        dir.directory("chain")
        dir.file("side/file", "abc")
        let root = dir.path
        try await Self.offPool { Self.chain(in: root + "/chain", depth: 12_000) }
        let before = Self.openDescriptors()
        // Sample the open descriptors while the scan runs.
        let peak = Mutex(0)
        let sampler = Task.detached {
            while !Task.isCancelled {
                let now = Self.openDescriptors()
                peak.withLock { $0 = max($0, now) }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let result = try await F.scan(dir.path)
        sampler.cancel()
        _ = await sampler.value
        #expect(result.total?.bytes == (try await Self.offPool { try F.du(root) }))
        #expect(result.children["chain"]?.directories == 12_000)
        #expect(result.children["chain"]?.files == 12)
        #expect(result.total?.issueCount == 0)
        // Two walkers and the sampler: far below one descriptor per level.
        #expect(peak.withLock { $0 } - before < 200, "peak \(peak.withLock { $0 }), before \(before)")
        // One thread (everything on one walker) and measuring one entry agree.
        #expect(try await F.scan(dir.path, threads: 1).total == result.total)
        let measured = try await DirectoryScanner().measure(dir.path + "/chain", options: FolderScanOptions())
        #expect(measured.bytes == (try await Self.offPool { try F.du(root + "/chain") }))
        try await Self.offPool { Self.removeChain(in: root + "/chain") }
    }

    @Test func aWideAndDeepTreeWithHardLinksStillCountsEachInodeOnce() async throws {
        let dir = Scratch()
        dir.directory("a")
        let root = dir.path
        try await Self.offPool { Self.chain(in: root + "/a", depth: 3_000) }
        for index in 0..<40 { dir.file("w/\(index)/x/y/file", String(repeating: "z", count: index * 10)) }
        try FileManager.default.linkItem(atPath: dir.path + "/w/3/x/y/file", toPath: dir.path + "/w/4/linked")
        let result = try await F.scan(dir.path)
        #expect(result.total?.bytes == (try await Self.offPool { try F.du(root) }))
        #expect(result.total?.issueCount == 0)
        try await Self.offPool { Self.removeChain(in: root + "/a") }
    }
}
