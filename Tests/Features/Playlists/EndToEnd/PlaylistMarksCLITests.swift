import Foundation
import Testing
import TestSupport

/// One-step moves, several marked songs, and undo, through the built binary
/// on a real database: each CLI command is its own process, so undo must
/// find the journal in SQLite.
@Suite struct PlaylistMarksCLITests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func facet(_ args: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path)
    }

    /// A playlist "Eight" of songs S1…S8.
    func importEight() throws {
        let records = (1...8).map { #"{"title":"S\#($0)","artist_name":"A","cover":""}"# }.joined(separator: ",")
        let path = files.file("eight.json", #"{"result":[\#(records)]}"#)
        #expect(try facet("playlists", "import", path, "--name", "Eight").status == 0)
    }

    /// The titles in position order, and their positions (which must be 1…n).
    func titles(_ name: String = "Eight") throws -> [String] {
        let result = try facet("playlist", name, "--all", "--json", "id,title")
        let rows = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(ids == (0..<rows.count).map { String($0 + 1) }, "positions not dense: \(ids)")
        return rows.compactMap { $0["title"] as? String }
    }

    @Test func moveUpAndDownOneStepAndRefuseAtTheEnds() throws {
        try importEight()
        #expect(try facet("playlist", "Eight", "move-up", "3").status == 0)
        #expect(try titles() == ["S1", "S3", "S2", "S4", "S5", "S6", "S7", "S8"])
        #expect(try facet("playlist", "Eight", "move-down", "1").status == 0)
        #expect(try titles() == ["S3", "S1", "S2", "S4", "S5", "S6", "S7", "S8"])
        let top = try facet("playlist", "Eight", "move-up", "1")
        #expect(top.status == 1)
        #expect(top.stderr.contains("already at the top"), "\(top.stderr)")
        let bottom = try facet("playlist", "Eight", "move-down", "8")
        #expect(bottom.status == 1)
        #expect(bottom.stderr.contains("already at the bottom"), "\(bottom.stderr)")
        #expect(try titles() == ["S3", "S1", "S2", "S4", "S5", "S6", "S7", "S8"])
    }

    @Test func removeSeveralMarkedSongsInOneStep() throws {
        try importEight()
        let removed = try facet("playlist", "Eight", "remove-song", "--items", "7,1,4", "--yes")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr.contains("Removed 3 songs."), "\(removed.stdout)")
        #expect(try titles() == ["S2", "S3", "S5", "S6", "S8"])
        #expect(try facet("playlist", "Eight").stderr.contains("1–5 of 5"))
        // A position outside the playlist removes nothing at all.
        let outside = try facet("playlist", "Eight", "remove-song", "--items", "1,9", "--yes")
        #expect(outside.status == 1)
        #expect(try titles() == ["S2", "S3", "S5", "S6", "S8"])
    }

    @Test func aBadItemListGetsOneMessage() throws {
        try importEight()
        let empty = try facet("playlist", "Eight", "remove-song", "--items", "1,,4", "--yes")
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("one or more ids separated by commas"), "\(empty.stderr)")
        let twice = try facet("playlist", "Eight", "move-song", "--items", "2,2", "1")
        #expect(twice.status != 0)
        #expect(twice.stderr.contains("names 2 twice"), "\(twice.stderr)")
        #expect(try titles() == (1...8).map { "S\($0)" })
    }

    @Test func moveSeveralKeepsTheirOrder() throws {
        try importEight()
        let moved = try facet("playlist", "Eight", "move-song", "--items", "6,2,8", "1")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try titles() == ["S2", "S6", "S8", "S1", "S3", "S4", "S5", "S7"])
        #expect(try facet("playlist", "Eight", "move-song", "--items", "1,2", "7").status == 0)
        #expect(try titles() == ["S8", "S1", "S3", "S4", "S5", "S7", "S2", "S6"])
        // Three songs cannot start at 7 of 8: they would run past the end.
        #expect(try facet("playlist", "Eight", "move-song", "--items", "1,2,3", "7").status == 1)
        #expect(try facet("playlist", "Eight", "move-up", "--items", "3,5").status == 0)
        #expect(try titles() == ["S8", "S3", "S1", "S5", "S4", "S7", "S2", "S6"])
    }

    @Test func undoAcrossProcessesRevertsEachKindOfChange() throws {
        try importEight()
        let nothing = try facet("playlist", "Eight", "undo")
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("Nothing to undo"), "\(nothing.stderr)")
        let original = (1...8).map { "S\($0)" }
        #expect(try facet("playlist", "Eight", "remove-song", "--items", "2,5,8", "--yes").status == 0)
        #expect(try facet("playlist", "Eight", "move-song", "--items", "1,3", "4").status == 0)
        #expect(try facet("playlist", "Eight", "move-down", "2").status == 0)
        #expect(try facet("playlist", "Eight", "rename", "Ocho").status == 0)
        let renamed = try facet("playlist", "Ocho", "undo")
        #expect(renamed.status == 0)
        #expect(renamed.stderr.contains("Undone: renamed the playlist back to \"Eight\""), "\(renamed.stderr)")
        #expect(try facet("playlist", "Eight", "undo").status == 0)
        #expect(try facet("playlist", "Eight", "undo").status == 0)
        #expect(try titles() == ["S1", "S3", "S4", "S6", "S7"])
        let putBack = try facet("playlist", "Eight", "undo")
        #expect(putBack.stderr.contains("put back 3 removed songs"), "\(putBack.stderr)")
        #expect(try titles() == original)
        #expect(try facet("playlist", "Eight", "undo").status != 0)
    }

    @Test func undoOnTheListBringsADeletedPlaylistBack() throws {
        try importEight()
        #expect(try facet("playlist", "Eight", "move-up", "2").status == 0)
        #expect(try facet("playlists", "delete", "Eight", "--yes").status == 0)
        #expect(try facet("playlist", "Eight").status == 1)
        let back = try facet("playlists", "undo")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stderr.contains("✓ Undone: restored the deleted playlist \"Eight\"."), "\(back.stderr)")
        #expect(try titles() == ["S2", "S1", "S3", "S4", "S5", "S6", "S7", "S8"])
        // Its earlier changes came back with it.
        #expect(try facet("playlist", "Eight", "undo").status == 0)
        #expect(try titles() == (1...8).map { "S\($0)" })
    }

    @Test func deletingFromThePlaylistPrintsOnlyWhatItDid() throws {
        try importEight()
        let deleted = try facet("playlist", "Eight", "delete", "--yes")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "✓ Deleted \"Eight\".\n", "\(deleted.stdout)")
    }

    @Test func removingSeveralAsksOnceNamingTheCount() throws {
        try importEight()
        // Without a terminal the question is shown, not asked, and nothing changes.
        let asked = try facet("playlist", "Eight", "remove-song", "--items", "1,2,3")
        #expect(asked.status == 3)
        #expect(asked.stderr.contains("Remove 3 songs from playlist \"Eight\"?"), "\(asked.stderr)")
        #expect(try titles().count == 8)
    }
}
