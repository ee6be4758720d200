import KernelDomain
import PlaylistsDomain
import TestSupport
import Testing

@Suite struct PlaylistLibraryTests {
    let store = InMemoryPlaylistStore()

    func library(_ files: [(String, PlaylistMaterial)]) -> PlaylistLibrary {
        PlaylistLibrary(store: store, source: StubPlaylistSource(Dictionary(uniqueKeysWithValues: files)), parsers: [LineSongParser()])
    }

    @Test func importNamesPlaylistAfterFileByDefault() async throws {
        let lib = library([("/music/Road Trip.txt", .file(name: "/music/Road Trip.txt", bytes: Array("A|x\nB|y".utf8)))])
        let summary = try await lib.importPlaylist(from: "/music/Road Trip.txt")
        #expect(summary.name == "Road Trip")
        #expect(summary.songCount == 2)
        #expect(summary.format == "lines")
    }

    @Test func relativeLocationsAreStoredAsTheSourceResolvesThem() async throws {
        let material = PlaylistMaterial.file(name: "/home/ada/road.txt", bytes: Array("A|x".utf8))
        let lib = PlaylistLibrary(
            store: store, source: StubPlaylistSource(["/home/ada/road.txt": material], currentDirectory: "/home/ada"),
            parsers: [LineSongParser()])
        let summary = try await lib.importPlaylist(from: "road.txt")
        #expect(summary.source == "/home/ada/road.txt")
        #expect(summary.name == "road")
        #expect(try await store.playlist(named: "road")?.source == "/home/ada/road.txt")
    }

    @Test func defaultNameHandlesDirectoriesAndDotfiles() {
        #expect(PlaylistLibrary.defaultName(for: "/a/b/Album/") == "Album")
        #expect(PlaylistLibrary.defaultName(for: "songs.json") == "songs")
        #expect(PlaylistLibrary.defaultName(for: "/x/.hidden") == ".hidden")
    }

    @Test func duplicateNameIsRefusedBeforeReading() async throws {
        let lib = library([("a.txt", .file(name: "a.txt", bytes: Array("A|x".utf8)))])
        _ = try await lib.importPlaylist(from: "a.txt", name: "Mix")
        await #expect(throws: PlaylistError.duplicateName("mix")) {
            try await lib.importPlaylist(from: "missing.txt", name: "mix")
        }
    }

    @Test func invalidNamesAreRefused() async {
        let lib = library([("a.txt", .file(name: "a.txt", bytes: Array("A|x".utf8)))])
        await #expect(throws: PlaylistError.invalidName("", .empty)) { try await lib.importPlaylist(from: "a.txt", name: "   ") }
        await #expect(throws: PlaylistError.self) { try await lib.importPlaylist(from: "a.txt", name: "bad\u{1B}]0;x\u{7}") }
    }

    @Test func parseErrorsStoreNothing() async throws {
        let lib = library([("bad.txt", .file(name: "bad.txt", bytes: Array("A|x\nbroken".utf8)))])
        await #expect(throws: PlaylistError.parse(ParseFailure(file: "bad.txt", location: "line 2", reason: "expected title|artist"))) {
            try await lib.importPlaylist(from: "bad.txt")
        }
        #expect(try await lib.playlists().isEmpty)
    }

    @Test func emptySourceIsAnError() async {
        let lib = library([("empty.txt", .file(name: "empty.txt", bytes: []))])
        await #expect(throws: PlaylistError.emptySource(path: "empty.txt")) { try await lib.importPlaylist(from: "empty.txt") }
    }

    @Test func positionsAreChecked() async throws {
        let lib = library([("a.txt", .file(name: "a.txt", bytes: Array("A|x\nB|y".utf8)))])
        let playlist = try await lib.importPlaylist(from: "a.txt")
        await #expect(throws: PlaylistError.invalidPosition(3, count: 2)) { try await lib.removeSong(from: playlist, at: 3) }
        await #expect(throws: PlaylistError.invalidPosition(0, count: 2)) { try await lib.moveSong(in: playlist, from: 0, to: 1) }
    }

    @Test func renameValidatesAndRefusesTakenNames() async throws {
        let lib = library([("a.txt", .file(name: "a.txt", bytes: Array("A|x".utf8)))])
        let first = try await lib.importPlaylist(from: "a.txt", name: "One")
        _ = try await lib.importPlaylist(from: "a.txt", name: "Two")
        await #expect(throws: PlaylistError.duplicateName("Two")) { try await lib.rename(first, to: "Two") }
        #expect(try await lib.rename(first, to: "  Uno ") == "Uno")
    }

    @Test func everyErrorHasCodeAndMessage() {
        let errors: [PlaylistError] = [
            .invalidName("x", .empty), .duplicateName("x"), .notFound("x"), .songNotFound(playlist: "x", position: 1),
            .invalidPosition(1, count: 0), .unreadable(path: "p", reason: "r"),
            .parse(ParseFailure(file: "f", location: "record 2", field: "title", reason: "expected a string")),
            .emptySource(path: "p"), .unknownFormat(path: "p"),
        ]
        #expect(Set(errors.map(\.code)).count == errors.count)
        for error in errors { #expect(error.message.hasSuffix(".")) }
        #expect(PlaylistError.parse(ParseFailure(file: "f.json", location: "record 2", field: "title", reason: "expected a string")).message
            == "Cannot import f.json, record 2, field \"title\": expected a string.")
    }
}
