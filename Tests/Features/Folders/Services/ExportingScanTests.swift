import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport
import Testing

/// An export is the folder's scan: one walk measures the rows every screen
/// shows and writes the ncdu file. Real trees, the live scanner and
/// exporter, `du` and our own importer reading the file back.
@MainActor
@Suite struct ExportingScanTests {
    typealias F = FolderTreeFixtures

    func library() -> FolderLibrary {
        FolderLibrary(
            scanner: DirectoryScanner(), renamer: NoReplaceRenamer(), watcher: nil, notifyInterval: .zero,
            exporter: NcduExporter(version: "test"))
    }

    /// name → (bytes, disk bytes, files, folders) of every row.
    func rows(_ model: FolderModel) -> [String: [Int64]] {
        Dictionary(uniqueKeysWithValues: model.children.map {
            ($0.name, [$0.bytes, $0.diskBytes, Int64($0.files), Int64($0.directories)])
        })
    }

    @Test func theExportsRowsAreAScansRowsAndTheFileHoldsTheTree() async throws {
        let dir = TemporaryDirectory("facet-export-scan")
        F.varied(in: dir)
        // A hard link across two rows: counted once, in one of them.
        let original = dir.file("x/big", bytes: [UInt8](repeating: 7, count: 100_000))
        dir.directory("y")
        try FileManager.default.linkItem(atPath: original, toPath: dir.path + "/y/big-link")
        let out = TemporaryDirectory("facet-export-out")
        let file = out.path + "/tree.json"

        let scanned = library().model(for: dir.path)
        await scanned.refresh()
        let expected = rows(scanned)

        let exporting = library().model(for: dir.path)
        let summary = try await exporting.export(to: file)
        #expect(exporting.state == .done)
        // Which of the two linked rows carries the file's bytes is whichever
        // thread met it first (as with du): the others are equal, and the
        // two linked rows carry the bytes exactly once between them.
        var got = rows(exporting)
        var want = expected
        let linkedRows = ["x", "y"].map { (got.removeValue(forKey: $0) ?? [], want.removeValue(forKey: $0) ?? []) }
        #expect(got == want)
        #expect(linkedRows.map(\.0).sorted { $0.lexicographicallyPrecedes($1) }
            == linkedRows.map(\.1).sorted { $0.lexicographicallyPrecedes($1) })
        let du = try F.du(dir.path)
        #expect(summary.bytes == du)
        #expect(exporting.entry?.bytes == du)
        #expect(summary.entries == (scanned.entry?.files ?? 0) + (scanned.entry?.directories ?? 0) + 1)

        // The file holds every entry, each once, and reads back to du's total.
        let tree = try NcduImporter().load(file)
        #expect(tree.count == summary.entries)
        let linked: [String] = (0..<tree.count).map { tree.name(at: $0) }.filter { (name: String) -> Bool in name == "big" || name == "big-link" }
        #expect(linked.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["tree.json"])
    }

    @Test func aFileThatCannotBeWrittenFailsBeforeAnythingChanges() async throws {
        let dir = TemporaryDirectory("facet-export-scan")
        F.varied(in: dir)
        let model = library().model(for: dir.path)
        await model.refresh()
        let before = rows(model)
        let revision = model.childrenRevision

        await #expect(throws: FileWriteError.io(path: dir.path + "/no-such-folder/tree.json", reason: "no such file or directory")) {
            try await model.export(to: dir.path + "/no-such-folder/tree.json")
        }
        #expect(model.state == .done)
        #expect(rows(model) == before)
        #expect(model.childrenRevision == revision)
    }

    @Test func anExportOverAnExistingFileReplacesItOnlyWhenComplete() async throws {
        let dir = TemporaryDirectory("facet-export-scan")
        F.varied(in: dir)
        let out = TemporaryDirectory("facet-export-out")
        let file = out.file("tree.json", "previous export")
        // The folder is gone by the time the export runs: the scan fails,
        // and the file that was there stays as it was.
        let model = library().model(for: dir.path + "/b/vanishing")
        try FileManager.default.createDirectory(atPath: dir.path + "/b/vanishing", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: dir.path + "/b/vanishing")
        await #expect(throws: FolderError.self) { try await model.export(to: file, replacing: true) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "previous export")
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["tree.json"])

        let whole = library().model(for: dir.path)
        // Without being told to replace it, an existing file is kept.
        await #expect(throws: FileWriteError.exists(file)) { try await whole.export(to: file) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "previous export")
        _ = try await whole.export(to: file, replacing: true)
        #expect(try NcduImporter().load(file).count > 10)
    }

    /// Exports `dir` with `threads` threads, parts streaming above
    /// `streamAbove` bytes, and checks the file is the tree on disk: every
    /// path once, where it is, with du's total.
    func expectExportIsTheTree(_ dir: TemporaryDirectory, threads: Int, streamAbove: Int) async throws {
        let out = TemporaryDirectory("facet-export-out")
        let file = out.path + "/tree.json"
        let library = FolderLibrary(
            scanner: DirectoryScanner(threads: threads), renamer: NoReplaceRenamer(), watcher: nil,
            notifyInterval: .zero,
            exporter: NcduExporter(version: "test", threads: threads, streamAbove: streamAbove))
        let summary = try await library.model(for: dir.path).export(to: file)

        let tree = try NcduImporter().load(file)
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: dir.path)
        #expect(tree.count == onDisk.count + 1)
        #expect(summary.entries == tree.count)
        for path in onDisk { #expect(tree.index(of: dir.path + "/" + path) != nil, "\(path)") }
        #expect(summary.bytes == (try F.du(dir.path)))
    }

    /// Several threads export at once, each top-level subtree written by the
    /// thread that walks it; with a tiny part size every part soon writes
    /// straight into the file while the others wait. Whatever the
    /// interleaving, the file is one tree.
    @Test func threadsThatStreamTheirSubtreesStillWriteOneNestedTree() async throws {
        let dir = TemporaryDirectory("facet-export-threads")
        F.varied(in: dir)
        for top in 0..<6 {
            for sub in 0..<4 {
                for index in 0..<(top == 0 ? 300 : 40) {
                    dir.file("t\(top)/s\(sub)/f\(index)", bytes: [UInt8](repeating: 1, count: index % 7))
                }
            }
        }
        try await expectExportIsTheTree(dir, threads: 3, streamAbove: 512)
    }

    /// A root of more entries than one thread examines alone: each thread's
    /// piece of the root listing is a part of the export of its own.
    @Test func aWideRootIsExportedInPiecesAsOneTree() async throws {
        let dir = TemporaryDirectory("facet-export-wide-root")
        for index in 0..<5_000 { dir.file("f\(index)", bytes: [UInt8](repeating: 2, count: index % 5)) }
        for index in 0..<3 { dir.file("d\(index)/inner", "x") }
        try await expectExportIsTheTree(dir, threads: 2, streamAbove: 1024)
    }
}
