@testable import FoldersDomain
import Foundation
import KernelDomain
import Testing

/// The column store behind a folder's rows: what goes in comes out, row for
/// row, whatever it holds (a folder of a million rows is kept in it).
@Suite struct FolderRowsTests {
    static let when = Date(timeIntervalSince1970: 1_700_000_000.123456)

    /// Every kind of row a listing has: plain files, a symlink, directories
    /// with counts (one still scanning), a row with an issue, one whose path
    /// is not its folder's path joined with its name.
    static let entries: [FolderEntry] = [
        FolderEntry(name: "a.txt", path: "/r/a.txt", kind: .file, bytes: 10, modified: when, diskBytes: 4096),
        FolderEntry(name: "link", path: "/r/link", kind: .symlink, bytes: 5),
        FolderEntry(name: "sub", path: "/r/sub", kind: .directory, bytes: 8192, files: 3, directories: 2,
                    modified: when, diskBytes: 12288),
        FolderEntry(name: "busy", path: "/r/busy", kind: .directory, bytes: 4096, complete: false),
        FolderEntry(name: "locked", path: "/r/locked", kind: .directory, bytes: 0,
                    issue: FolderIssue(.permissionDenied, path: "/r/locked")),
        FolderEntry(name: "fifo", path: "/r/fifo", kind: .other, bytes: 0, issue: FolderIssue(.vanished, path: "/r/fifo"),
                    issueCount: 0),
        FolderEntry(name: "elsewhere", path: "/mnt/elsewhere", kind: .file, bytes: 7),
        FolderEntry(name: "Ünïcode \u{10FFFF}", path: "/r/Ünïcode \u{10FFFF}", kind: .file, bytes: 1),
    ]

    @Test func everyRowReadsBackAsItWasPut() {
        let rows = FolderRows(Self.entries)
        #expect(rows.parent == "/r")
        #expect(rows.count == Self.entries.count)
        #expect(Array(rows) == Self.entries)
    }

    @Test func columnsAgreeWithTheRows() {
        let rows = FolderRows(Self.entries)
        for (index, entry) in Self.entries.enumerated() {
            #expect(rows.name(at: index) == entry.name)
            #expect(rows.bytes(at: index) == entry.bytes)
            #expect(rows.diskBytes(at: index) == entry.diskBytes)
            #expect(rows.isDirectory(at: index) == entry.isDirectory)
            #expect(rows.isComplete(at: index) == entry.complete)
            #expect(rows.files(at: index) == entry.files)
            #expect(rows.directories(at: index) == entry.directories)
            #expect(rows.items(at: index) == entry.items)
            #expect(rows.issueCount(at: index) == entry.issueCount)
            #expect(rows.firstIndex(named: entry.name) == index)
        }
        #expect(rows.firstIndex(named: "nothing") == nil)
    }

    @Test func aFileAppendedByTheScannerIsAPlainRowInItsFolder() {
        var rows = FolderRows(parent: "/")
        rows.appendFile(name: "etc", kind: .symlink, bytes: 3, diskBytes: 0, modified: Self.when)
        #expect(rows[0] == FolderEntry(name: "etc", path: "/etc", kind: .symlink, bytes: 3, modified: Self.when))
    }

    @Test func rowsChangeInPlaceAndCopiesStayApart() {
        var rows = FolderRows(Self.entries)
        let before = rows
        var finished = rows[3]
        finished.complete = true
        finished.bytes = 99
        finished.files = 4
        rows[3] = finished
        rows.remove(at: 0)
        rows.append(FolderEntry(name: "new", path: "/r/new", kind: .file, bytes: 1))
        #expect(rows[2] == finished)
        #expect(rows.last?.name == "new")
        #expect(rows.count == Self.entries.count)
        #expect(Array(before) == Self.entries)
        #expect(rows != before)
    }

    @Test func drainingMovesEveryRowAndEmptiesTheOther() {
        var first = FolderRows(Self.entries.prefix(3))
        var second = FolderRows(Self.entries.dropFirst(3))
        first.append(draining: &second)
        #expect(Array(first) == Self.entries)
        #expect(second.isEmpty)

        // Rows of another folder keep their paths.
        var here = FolderRows(parent: "/r")
        var there = FolderRows([FolderEntry(name: "x", path: "/elsewhere/x", kind: .file, bytes: 2)])
        here.append(draining: &there)
        #expect(here[0].path == "/elsewhere/x")
        #expect(there.isEmpty)
    }

    @Test func movingTheFolderMovesEveryRow() {
        var rows = FolderRows(Self.entries)
        rows.parent = "/moved"
        for (index, entry) in Self.entries.enumerated() {
            #expect(rows[index].path == "/moved/" + entry.name)
            #expect(rows[index].name == entry.name)
            #expect(rows[index].issue == entry.issue)
        }
    }

    @Test func joinedPathsAreRecognisedWithoutBuildingThem() {
        #expect(FolderPath.isJoined("/r/a", "/r", "a"))
        #expect(FolderPath.isJoined("/a", "/", "a"))
        #expect(!FolderPath.isJoined("/ra", "/r", "a"))
        #expect(!FolderPath.isJoined("/r/ab", "/r", "a"))
        #expect(!FolderPath.isJoined("/s/a", "/r", "a"))
        #expect(!FolderPath.isJoined("//a", "/", "a"))
    }
}
