import Foundation
import Testing
import TestSupport

/// Two `facet` processes editing and undoing one playlist at the same time,
/// on one real database: the journal is a stack that both pop, so whatever
/// the interleaving, each undo reverts one change that is still there, no
/// two undos revert the same one, and the playlist ends as it began.
@Suite struct PlaylistUndoRaceCLITests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func titles() throws -> [String] {
        let result = try FacetProcess.run(["playlist", "Twenty", "--all", "--json", "id,title"], home: home.path)
        let rows = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        return rows.compactMap { $0["title"] as? String }
    }

    @Test func twoProcessesEditingAndUndoingLoseNothing() throws {
        let original = (1...20).map { "S\($0)" }
        let records = original.map { #"{"title":"\#($0)","artist_name":"A","cover":""}"# }.joined(separator: ",")
        let path = files.file("twenty.json", #"{"result":[\#(records)]}"#)
        #expect(try FacetProcess.run(["playlists", "import", path, "--name", "Twenty"], home: home.path).status == 0)

        let rounds = 12
        let failures = Failures()
        let home = home.path
        // Each process alternates a remove and a move, each followed by an
        // undo; every command must succeed (positions stay inside the
        // playlist: at most two songs are out at any time).
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for round in 0..<rounds {
                let edit = round % 2 == 0
                    ? ["playlist", "Twenty", "remove-song", String(1 + worker * 3 + round % 5), "--yes"]
                    : ["playlist", "Twenty", "move-song", String(2 + worker), String(15 - round % 4)]
                for arguments in [edit, ["playlist", "Twenty", "undo"]] {
                    do {
                        let result = try FacetProcess.run(arguments, home: home, timeout: 60)
                        if result.status != 0 {
                            failures.add("\(arguments.joined(separator: " ")): \(result.status) \(result.stderr)")
                        }
                    } catch {
                        failures.add("\(arguments.joined(separator: " ")): \(error)")
                    }
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try titles() == original)
        let nothing = try FacetProcess.run(["playlist", "Twenty", "undo"], home: home)
        #expect(nothing.status != 0, "the journal holds a change no undo took: \(nothing.stdout)")
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
