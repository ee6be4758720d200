import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import Synchronization
import TestSupport
import Testing

/// The live scanner on real temporary trees, checked against `du -sb`.
@Suite struct DirectoryScannerTests {
    typealias F = FolderTreeFixtures

    @Test func totalsAndEveryChildEqualDu() async throws {
        let dir = TemporaryDirectory("facet-scan")
        F.varied(in: dir)
        let result = try await F.scan(dir.path)
        #expect(result.total?.bytes == (try F.du(dir.path)))
        for name in ["a", "b", "empty", "many"] {
            #expect(result.children[name]?.bytes == (try F.du(dir.path + "/" + name)), "child \(name)")
        }
        #expect(result.total?.complete == true)
        #expect(result.total?.files == 54)
        #expect(result.total?.directories == 6)
        #expect(result.children["a"]?.files == 2)
        #expect(result.children["a"]?.directories == 2)
        // Files are summed, not listed, unless asked for; the totals agree.
        #expect(result.listing.map(\.name).sorted() == ["a", "b", "empty", "many"])
        // Pending directories carry no made-up counts while their scan runs.
        #expect(result.listing.allSatisfy { $0.files == 0 && $0.directories == 0 })
        let withFiles = try await F.scan(dir.path, options: FolderScanOptions(listFiles: true))
        #expect(withFiles.total == result.total)
        #expect(withFiles.listing.first { $0.name == "top.txt" }?.bytes == 3)
        #expect(withFiles.listing.filter { !$0.complete }.map(\.name).sorted() == ["a", "b", "empty", "many"])
        // One thread gives the same figures as two.
        #expect(try await F.scan(dir.path, threads: 1).total == result.total)
    }

    /// A root of more entries than `ScanJob.parallelListThreshold` is
    /// examined by both threads in pieces; the pieces' rows come back whole,
    /// each once, with the same figures as one thread and as `du`.
    @Test func aWideRootExaminedInPiecesListsEveryEntryOnce() async throws {
        let dir = TemporaryDirectory("facet-scan-wide")
        for index in 0..<5_000 {
            _ = dir.file(String(format: "f%05d", index), bytes: [UInt8](repeating: 1, count: index % 7))
        }
        for index in 0..<20 { _ = dir.file("d\(index)/inner", bytes: [UInt8](repeating: 2, count: 100 + index)) }
        try FileManager.default.linkItem(atPath: dir.path + "/f00006", toPath: dir.path + "/d0/link-to-f00006")

        let listed = try await F.scan(dir.path, options: FolderScanOptions(listFiles: true))
        #expect(listed.listing.count == 5_020)
        #expect(Set(listed.listing.map(\.name)).count == 5_020)
        let last = listed.listing.first { $0.name == "f04999" }
        #expect(last?.bytes == Int64(4999 % 7))
        #expect(last?.path == dir.path + "/f04999")
        #expect(listed.total?.bytes == (try F.du(dir.path)))
        #expect(listed.total?.files == 5_021)
        #expect(listed.total?.directories == 20)

        let summed = try await F.scan(dir.path)
        #expect(summed.listing.map(\.name).sorted() == (0..<20).map { "d\($0)" }.sorted())
        #expect(summed.total == listed.total)
        let oneThread = try await F.scan(dir.path, options: FolderScanOptions(listFiles: true), threads: 1)
        #expect(oneThread.total == listed.total)
        #expect(oneThread.listing.map(\.name) == listed.listing.map(\.name))
    }

    @Test func hardLinksCountOnce() async throws {
        let dir = TemporaryDirectory("facet-scan")
        let original = dir.file("x/big", bytes: [UInt8](repeating: 7, count: 100_000))
        dir.directory("y")
        try FileManager.default.linkItem(atPath: original, toPath: dir.path + "/y/big-link")
        try FileManager.default.linkItem(atPath: original, toPath: dir.path + "/x/big-again")
        let result = try await F.scan(dir.path)
        let du = try F.du(dir.path)
        #expect(result.total?.bytes == du)
        #expect(du < 200_000)
        // Counted once, in exactly one of the two children.
        let x = result.children["x"]?.bytes ?? 0
        let y = result.children["y"]?.bytes ?? 0
        #expect(x + y < 200_000)
        #expect(max(x, y) > 100_000)
        #expect(result.total?.files == 3)
    }

    @Test func symlinksAreNotFollowedEvenInLoops() async throws {
        let dir = TemporaryDirectory("facet-scan")
        dir.file("real/data", bytes: [UInt8](repeating: 1, count: 50_000))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/real/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link-to-real", withDestinationPath: dir.path + "/real")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/self", withDestinationPath: "self")
        let result = try await F.scan(dir.path, options: FolderScanOptions(listFiles: true))
        #expect(result.total?.bytes == (try F.du(dir.path)))
        #expect(result.listing.first { $0.name == "link-to-real" }?.kind == .symlink)
        #expect(result.listing.first { $0.name == "link-to-real" }?.bytes == Int64((dir.path + "/real").utf8.count))
        #expect(result.children["real"]?.files == 2)
    }

    @Test func unicodeAndControlCharacterNamesComeBackExactly() async throws {
        let dir = TemporaryDirectory("facet-scan")
        let names = ["ünïcödé 😀", "new\nline", "esc\u{1B}[31mred", "tab\there", "日本語"]
        for name in names { dir.file(name + "/f", "12345") }
        let result = try await F.scan(dir.path)
        #expect(Set(result.children.keys) == Set(names))
        for name in names {
            #expect(result.children[name]?.path == dir.path + "/" + name)
            #expect(result.children[name]?.bytes == (try F.du(dir.path + "/" + name)))
        }
        #expect(result.total?.bytes == (try F.du(dir.path)))
    }

    @Test func unreadableDirectoriesAreReportedAndTheScanGoesOn() async throws {
        let dir = TemporaryDirectory("facet-scan")
        dir.file("open/f", "x")
        dir.file("locked/inner/f", "secret")
        chmod(dir.path + "/locked", 0)
        defer { chmod(dir.path + "/locked", 0o755) }
        let result = try await F.scan(dir.path)
        #expect(result.total?.complete == true)
        #expect(result.children["open"]?.issue == nil)
        #expect(result.children["locked"] != nil)
        // What an ordinary user sees (the row marked, the total counting it)
        // is checked by PermissionAttackTests, which runs the binary as one
        // even when the suite runs as root (root reads through permission bits).
    }

    @Test func fifosAndSocketsAreCountedNotOpened() async throws {
        let dir = TemporaryDirectory("facet-scan")
        dir.directory("d")
        #expect(mkfifo(dir.path + "/d/pipe", 0o644) == 0)
        let result = try await F.scan(dir.path)  // would hang if the FIFO were opened
        #expect(result.children["d"]?.files == 1)
        #expect(result.total?.bytes == (try F.du(dir.path)))
    }

    /// A folder deleted after the scan listed its parent and before the
    /// scan opened it: the scan is paused right after that listing (the
    /// scanner's test hook), the folder deleted, the scan let go. Its row is
    /// marked vanished, exactly once; everything else is counted.
    @Test(arguments: [1, 2])
    func aFolderDeletedAfterItsParentWasListedIsMarkedVanished(threads: Int) async throws {
        let dir = TemporaryDirectory("facet-scan")
        for a in 0..<40 { for b in 0..<40 { dir.directory("churn/\(a)/\(b)") } }
        dir.file("stable/f", "12345")
        let parent = dir.path + "/churn"
        let gone = parent + "/7"
        let deleted = DeletedAfterListing(when: parent, delete: gone)
        let result = try await F.scan(dir.path, threads: threads, afterListing: deleted.hook)
        #expect(deleted.ownBytes > 0, "the scan never paused after listing \(parent)")

        // What vanished was reported as vanished, never as a failure of the scan.
        let total = try #require(result.total)
        #expect(total.complete == true)
        #expect(total.issueCount == 1)
        #expect(total.issue == FolderIssue(.vanished, path: gone))
        let churn = try #require(result.children["churn"])
        #expect(churn.issueCount == 1)
        #expect(churn.issue == FolderIssue(.vanished, path: gone))
        #expect(churn.complete)
        #expect(result.children["stable"]?.issue == nil)
        // The deleted folder was listed (its own size counted), its subtree
        // never reached: 2 at the top, 40 in churn, 40 in each of 39 left.
        #expect(total.directories == 2 + 40 + 39 * 40)
        #expect(churn.directories == 40 + 39 * 40)
        #expect(total.files == 1)
        #expect(total.bytes == (try F.du(dir.path)) + deleted.ownBytes)
    }

    /// The same for a child of the scanned folder itself, deleted after the
    /// top listing and before a thread takes it.
    @Test(arguments: [1, 2])
    func aTopLevelFolderDeletedAfterTheListingIsMarkedVanished(threads: Int) async throws {
        let dir = TemporaryDirectory("facet-scan")
        for a in 0..<10 { dir.directory("gone/\(a)") }
        for a in 0..<10 { dir.file("kept\(a)/f", "12345") }
        let gone = dir.path + "/gone"
        let deleted = DeletedAfterListing(when: dir.path, delete: gone)
        let result = try await F.scan(dir.path, threads: threads, afterListing: deleted.hook)
        #expect(deleted.ownBytes > 0, "the scan never paused after listing \(dir.path)")

        let total = try #require(result.total)
        #expect(total.complete == true)
        #expect(total.issueCount == 1)
        #expect(total.issue == FolderIssue(.vanished, path: gone))
        #expect(result.listing.map(\.name).sorted() == ["gone"] + (0..<10).map { "kept\($0)" })
        let row = try #require(result.children["gone"])
        #expect(row.issue == FolderIssue(.vanished, path: gone))
        #expect(row.issueCount == 1)
        #expect(row.directories == 0 && row.files == 0)
        #expect(row.bytes == deleted.ownBytes)
        #expect(result.children.values.filter { $0.issue != nil }.map(\.name) == ["gone"])
        #expect(total.directories == 11)
        #expect(total.files == 10)
        #expect(total.bytes == (try F.du(dir.path)) + deleted.ownBytes)
    }

    @Test func missingFileAndUnreadableRootsFailTheScan() async throws {
        let dir = TemporaryDirectory("facet-scan")
        let file = dir.file("plain", "x")
        await #expect(throws: FolderError.notFound(dir.path + "/nope")) { _ = try await F.scan(dir.path + "/nope") }
        await #expect(throws: FolderError.notADirectory(file)) { _ = try await F.scan(file) }
    }

    @Test func measuringOneEntryMatchesDu() async throws {
        let dir = TemporaryDirectory("facet-scan")
        F.varied(in: dir)
        let scanner = DirectoryScanner()
        let a = try await scanner.measure(dir.path + "/a", options: FolderScanOptions())
        #expect(a.bytes == (try F.du(dir.path + "/a")))
        #expect(a.complete && a.isDirectory && a.files == 2)
        let file = try await scanner.measure(dir.path + "/top.txt", options: FolderScanOptions())
        #expect(file.kind == .file && file.bytes == 3)
        await #expect(throws: FolderError.self) { _ = try await scanner.measure(dir.path + "/nope", options: FolderScanOptions()) }
    }

    @Test func droppingTheStreamCancelsTheScan() async throws {
        let dir = TemporaryDirectory("facet-scan")
        for a in 0..<30 { for b in 0..<30 { dir.file("t\(a)/\(b)/f", "x") } }
        var events = 0
        for try await event in DirectoryScanner().scan(dir.path, options: FolderScanOptions()) {
            events += 1
            if case .listing = event { break }
        }
        #expect(events == 1)
    }

    @Test func otherFileSystemsAreNotCrossedByDefault() async throws {
        // /proc is its own file system inside "/": listed, marked, not entered.
        let scanner = DirectoryScanner()
        var proc: FolderEntry?
        for try await event in scanner.scan("/", options: FolderScanOptions()) {
            if case .listing(_, let children) = event {
                proc = children.first { $0.name == "proc" }
                break
            }
        }
        #expect(proc?.issue?.kind == .otherFileSystem)
        #expect(proc?.complete == true)
    }

    @Test func procLikeTreesThatChangeWhileReadAreScannedToTheEnd() async throws {
        // /proc/self changes as it is read and has unreadable corners: the scan
        // must finish, with problems on rows rather than a failure.
        let result = try await F.scan("/proc/self")
        let total = try #require(result.total)
        #expect(total.complete == true)
        #expect(total.files > 10)
        // Whether anything vanished depends on the moment; what is reported
        // must be one of these kinds, and counted.
        #expect((total.issue == nil) == (total.issueCount == 0), "\(total.issueCount) \(String(describing: total.issue))")
        if let issue = total.issue {
            #expect([.vanished, .permissionDenied, .unreadable].contains(issue.kind), "\(issue)")
        }
    }

    @Test func namesThatAreNotUTF8AreStillMeasured() async throws {
        let dir = TemporaryDirectory("facet-scan")
        // "bad\xFF\xFEname": shown with replacement characters, opened by its bytes.
        var raw = Array(dir.path.utf8CString.dropLast()) + Array("/bad".utf8CString.dropLast()) + [-1, -2]
            + Array("name".utf8CString)
        #expect(mkdir(&raw, 0o755) == 0)
        var file = Array(raw.dropLast()) + Array("/f".utf8CString)
        let fd = open(&file, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        #expect(write(fd, [UInt8](repeating: 7, count: 100), 100) == 100)
        close(fd)
        let result = try await F.scan(dir.path)
        #expect(result.total?.issueCount == 0)
        #expect(result.total?.files == 1)
        #expect(result.total?.bytes == (try F.du(dir.path)))
    }
}

/// A scanner test hook that deletes one folder when the scan has just
/// listed a given directory (the scan waits until the hook returns), and
/// remembers that folder's own apparent size as the listing saw it.
final class DeletedAfterListing: Sendable {
    private let listed: String
    private let victim: String
    private let size = Mutex<Int64>(0)

    init(when listed: String, delete victim: String) {
        self.listed = listed
        self.victim = victim
    }

    var hook: ScanListingHook {
        { [self] path in
            guard path == listed else { return }
            var info = stat()
            guard lstat(victim, &info) == 0 else { return }
            try? FileManager.default.removeItem(atPath: victim)
            size.withLock { $0 = Int64(info.st_size) }
        }
    }

    /// 0 until the hook has deleted its folder.
    var ownBytes: Int64 { size.withLock { $0 } }
}
