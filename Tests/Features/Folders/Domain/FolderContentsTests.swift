@testable import FoldersDomain
import KernelDomain
import Testing

/// What a folder knows of itself, driven row by row without a scan, a
/// watcher or a clock: the total follows its children, and the change log
/// tells a screen which rows to re-place or that it must re-sort them all.
@Suite struct FolderContentsTests {
    func dir(_ name: String, _ bytes: Int64, files: Int = 0, dirs: Int = 0, complete: Bool = true) -> FolderEntry {
        FolderEntry(
            name: name, path: "/r/" + name, kind: .directory, bytes: bytes, files: files, directories: dirs,
            complete: complete, diskBytes: bytes)
    }

    func file(_ name: String, _ bytes: Int64) -> FolderEntry {
        FolderEntry(name: name, path: "/r/" + name, kind: .file, bytes: bytes, diskBytes: bytes)
    }

    /// /r listed with its own 4096 bytes and one file of its own, plus `children`.
    func listed(_ children: [FolderEntry]) -> FolderContents {
        var contents = FolderContents(path: "/r")
        let own = FolderEntry(name: "r", path: "/r", kind: .directory, bytes: 4096, files: 1, diskBytes: 4096)
        contents.takeListing(own, children: FolderRows(children))
        return contents
    }

    @Test func theTotalIsTheFolderItselfPlusItsChildren() {
        var contents = listed([dir("a", 100, files: 2), dir("b", 50, files: 1, dirs: 1), file("f", 7)])
        let total = contents.entry!
        #expect(total.bytes == 4096 + 100 + 50 + 7)
        #expect(total.files == 1 + 2 + 1 + 1)
        #expect(total.directories == 2 + 1)
        #expect(!total.complete, "a listing is never a finished scan")
        #expect(contents.directoryCount == 2)

        contents.upsert(dir("a", 1000, files: 5))
        contents.recomputeTotal(complete: true)
        #expect(contents.entry!.bytes == 4096 + 1000 + 50 + 7)
        #expect(contents.entry!.files == 1 + 5 + 1 + 1)
        #expect(contents.entry!.complete)
        #expect(contents.children.count == 3, "an upsert of a known name replaces its row")
    }

    @Test func anIncompleteChildKeepsTheTotalIncomplete() {
        var contents = listed([dir("a", 100, complete: false)])
        contents.recomputeTotal(complete: true)
        #expect(!contents.entry!.complete)
        contents.upsert(dir("a", 100))
        contents.recomputeTotal(complete: true)
        #expect(contents.entry!.complete)
    }

    @Test func theChangeLogNamesTheRowsChangedSinceARevision() {
        var contents = listed([dir("a", 1), dir("b", 2), dir("c", 3)])
        let sorted = contents.childrenRevision
        #expect(contents.changedChildren(since: sorted) == [])
        contents.upsert(dir("b", 20))
        contents.upsert(dir("d", 4))
        #expect(contents.changedChildren(since: sorted).map(Set.init) == [1, 3])
        let later = contents.childrenRevision
        contents.upsert(dir("a", 10))
        #expect(contents.changedChildren(since: later) == [0])
        // A future revision is not one the log can answer.
        #expect(contents.changedChildren(since: contents.childrenRevision + 1) == nil)
    }

    @Test func aRemovalOrAMoveMeansAFullResort() {
        var contents = listed([dir("a", 1), dir("b", 2), dir("c", 3)])
        let sorted = contents.childrenRevision
        let removed = contents.removeChild(named: "b")
        let removedNothing = contents.removeChild(named: "nope")
        #expect(removed && !removedNothing)
        contents.recomputeTotal(complete: true)
        #expect(contents.changedChildren(since: sorted) == nil)
        #expect(contents.children.map(\.name) == ["a", "c"])
        #expect(contents.entry!.bytes == 4096 + 1 + 3)

        let beforeMove = contents.childrenRevision
        contents.relocate(to: "/s")
        #expect(contents.path == "/s" && contents.name == "s" && contents.entry?.path == "/s")
        #expect(contents.children[0].path == "/s/a")
        #expect(contents.changedChildren(since: beforeMove) == nil)
    }

    @Test func aRenamedChildKeepsItsRowAndIsFoundByItsNewName() {
        var contents = listed([dir("a", 1), dir("b", 2)])
        let sorted = contents.childrenRevision
        let renamed = contents.renameChild(from: "/r/a", to: "/r/z")
        let renamedNothing = contents.renameChild(from: "/r/missing", to: "/r/y")
        #expect(renamed && !renamedNothing)
        #expect(contents.index(of: "z") == 0 && contents.index(of: "a") == nil)
        #expect(contents.children[0].path == "/r/z")
        #expect(contents.changedChildren(since: sorted) == [0])
    }

    @Test func aLongChangeLogGivesWayToOneFullResort() {
        var contents = listed([dir("a", 1)])
        let sorted = contents.childrenRevision
        for round in 0..<1025 { contents.upsert(dir("a", Int64(round))) }
        #expect(contents.changedChildren(since: sorted) == nil)
        // Once dropped, the log starts again from there.
        let after = contents.childrenRevision
        contents.upsert(dir("a", 5))
        #expect(contents.changedChildren(since: after) == [0])
    }

    @Test func aBatchIsTakenByColumnLikeSingleRows() {
        var contents = listed([dir("a", 1, complete: false), dir("b", 2, complete: false)])
        let batch = FolderRows([dir("a", 100, files: 3), dir("new", 9)])
        for row in batch.indices { contents.upsert(row, of: batch) }
        contents.recomputeTotal(complete: true)
        #expect(contents.children.count == 3)
        #expect(contents.entry!.bytes == 4096 + 100 + 2 + 9)
        #expect(!contents.entry!.complete, "b is still being scanned")
        contents.addOwn(FolderLinkChange(bytes: 10, diskBytes: 10))
        contents.recomputeTotal(complete: true)
        #expect(contents.entry!.bytes == 4096 + 10 + 100 + 2 + 9)
    }
}
