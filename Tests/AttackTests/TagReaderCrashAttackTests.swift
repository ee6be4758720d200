import Foundation
import Testing
import TestSupport

/// Audio files that crash the tag library reading them (a Latin-1 Vorbis
/// comment, whose exception a static executable cannot unwind; an MP4
/// nested 100,000 atoms deep; an MP3 with 30,000 nested chapter frames)
/// in a folder of good files: the import ends normally with every song,
/// warns naming each file whose tags could not be read, and a long-running
/// process that imported them goes on answering.
@Suite struct TagReaderCrashAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-tags")

    static let hostile = ["latin1.flac", "nested moov.m4a", "nested chapters.mp3"]
    /// The files the tag library cannot survive in any build (the Latin-1
    /// FLAC only crashes a static executable).
    static let fatalEverywhere = ["nested moov.m4a", "nested chapters.mp3"]

    /// The folder: the standard tagged WAV files, then the hostile ones.
    func makeFolder() throws -> String {
        let folder = dir.path + "/music"
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: folder)
        try CraftedAudioFixture.latin1FLAC().write(to: URL(fileURLWithPath: folder + "/latin1.flac"))
        try CraftedAudioFixture.nestedMoovMP4().write(to: URL(fileURLWithPath: folder + "/nested moov.m4a"))
        try CraftedAudioFixture.nestedChapterMP3().write(to: URL(fileURLWithPath: folder + "/nested chapters.mp3"))
        return folder
    }

    @Test func aFolderOfCrashingFilesImportsEverySongAndNamesTheBadOnes() throws {
        let folder = try makeFolder()
        let result = try FacetProcess.run(["playlists", "import", folder, "--name", "Mixed"], home: home.path, timeout: 120)
        let output = result.stdout + result.stderr
        #expect(result.status == 0, "\(output)")
        #expect(!Attack.crashed(output), "\(output)")
        #expect(output.contains("Imported 6 songs into \"Mixed\"; the tags of"), "\(output)")
        // Paths as Facet shows them: absolute, without doubled slashes.
        let folderShown = folder.replacing("//", with: "/")
        for name in Self.fatalEverywhere { #expect(output.contains(folderShown + "/" + name), "\(name): \(output)") }

        let shown = try FacetProcess.run(["playlist", "Mixed", "--json"], home: home.path)
        let titles = SnapshotJSON.items(SnapshotJSON.object(shown.stdout)).map { ($0["values"] as? [String: Any])?["title"] as? String ?? "" }
        #expect(titles.count == 6, "\(shown.stdout)")
        #expect(Array(titles.prefix(3)) == TaggedAudioFixture.standard.map(\.expectedTitle))
        // Named after their files; the FLAC's title is its tag's or its name.
        #expect(Array(titles.suffix(2)) == ["nested chapters", "nested moov"], "\(titles)")
        #expect(titles.count > 3 && ["latin1", "Café crème"].contains(titles[3]), "\(titles)")
    }

    @Test func oneBadFileImportedAloneIsAWarningNotACrash() throws {
        let folder = try makeFolder()
        for (index, name) in Self.hostile.enumerated() {
            let result = try FacetProcess.run(["playlists", "import", folder + "/" + name, "--name", "One \(index)"], home: home.path, timeout: 120)
            let output = result.stdout + result.stderr
            #expect(result.status == 0, "\(name): \(output)")
            #expect(output.contains("Imported 1 song into \"One \(index)\""), "\(name): \(output)")
            let shown = folder.replacing("//", with: "/") + "/" + name
            if Self.fatalEverywhere.contains(name) { #expect(output.contains(shown), "\(name): \(output)") }
        }
    }

    @Test func aJSONLinesProcessThatImportedThemGoesOnAnswering() throws {
        let folder = try makeFolder()
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let performed = try session.request(
            "screen.perform", ["handle": handle, "action": "import", "args": ["path": folder, "name": "Mixed"]], timeout: 120)
        #expect(performed["error"] == nil, "\(performed)")
        let after = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle], timeout: 120))
        let status = SnapshotJSON.status(after)
        #expect(status["kind"] as? String == "warning", "\(status)")
        let message = status["message"] as? String ?? ""
        #expect(message.contains("Imported 6 songs"), "\(message)")
        for name in Self.fatalEverywhere { #expect(message.contains(name), "\(name): \(message)") }
        // The same process answers the next request.
        let next = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Mixed"]])
        #expect(next["error"] == nil, "\(next)")
        let songs = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": (next["result"] as? [String: Any])?["handle"] as? String ?? ""]))
        #expect(SnapshotJSON.items(songs).count == 6, "\(songs)")
    }
}
