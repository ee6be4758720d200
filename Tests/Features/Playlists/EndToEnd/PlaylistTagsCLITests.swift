import Foundation
import Testing
import TestSupport

/// Audio files' own tags through the built binary (which opens TagLib at
/// run time) and JSON lines: a folder of WAV files the test writes and tags
/// itself, imported and added, shows the tags' titles, artists and lengths,
/// the name's title where a file has no tags, and no tag's terminal escape.
@Suite struct PlaylistTagsCLITests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-tagged")

    func facet(_ args: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path)
    }

    /// What a terminal shows of the awkward title: the escapes gone, the tab a space.
    static let awkwardShown = "Say \"hi\", #EXTINF:-1, now red"

    @Test func importAndAddShowTheTags() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: files.path + "/album")
        files.file("album/notes.mp3", "liner notes, not audio")
        let imported = try facet("playlists", "import", files.path + "/album", "--name", "Tagged")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("Imported 4 songs into \"Tagged\"."), "\(imported.stdout)")

        let shown = try facet("playlist", "Tagged")
        #expect(shown.status == 0)
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        func line(_ title: String) -> String { lines.first { $0.contains(title) } ?? "" }
        #expect(line("Intro").contains("0:02"), "\(shown.stdout)")
        #expect(line("Señor Ünïcødé 東京 ☃").contains("Björk Guðmundsdóttir"), "\(shown.stdout)")
        #expect(line("Señor Ünïcødé 東京 ☃").contains("0:03"))
        #expect(line(Self.awkwardShown).contains("AC/DC"), "\(shown.stdout)")
        #expect(line(Self.awkwardShown).contains("0:04"))
        #expect(line("notes").hasPrefix("notes "), "\(shown.stdout)")
        // The file names' titles are not shown (the paths may still name them).
        let beforePaths = lines.map { $0.components(separatedBy: " /").first ?? $0 }
        #expect(!beforePaths.contains { $0.contains("Wrong Name") || $0.contains("Also Wrong") }, "\(shown.stdout)")
        #expect(!shown.stdout.unicodeScalars.contains("\u{1B}"), "a tag's escape reached the terminal")

        // The stored text is the tag's own; only what a terminal shows is cleaned.
        let json = try facet("playlist", "Tagged", "--json")
        let songs = try Self.songs(json.stdout)
        #expect(songs.map(\.title) == TaggedAudioFixture.standard.map(\.expectedTitle) + ["notes"])
        #expect(songs.map(\.artist) == TaggedAudioFixture.standard.map(\.expectedArtist) + [""])
        #expect(songs.map(\.duration) == TaggedAudioFixture.standard.map(\.seconds) + [nil])

        try TaggedAudioFixture.write(
            [.init(name: "05 Encore.wav", seconds: 5, tags: ("Encore (Live)", "Ólafur Arnalds"),
                   expectedTitle: "Encore (Live)", expectedArtist: "Ólafur Arnalds")],
            into: files.path + "/more/cd2")
        let added = try facet("playlist", "Tagged", "add", files.path + "/more")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Added 1 song to \"Tagged\"."))
        // One audio file is added as one song, from its tags.
        try TaggedAudioFixture.write(
            [.init(name: "06 whatever.wav", seconds: 6, tags: ("Hidden Track", "Ólafur Arnalds"),
                   expectedTitle: "Hidden Track", expectedArtist: "Ólafur Arnalds")],
            into: files.path + "/single")
        let one = try facet("playlist", "Tagged", "add", files.path + "/single/06 whatever.wav")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("Added 1 song to \"Tagged\"."))
        let after = try facet("playlist", "Tagged")
        let afterLines = after.stdout.split(separator: "\n")
        #expect(afterLines.contains { $0.contains("Encore (Live)") && $0.contains("Ólafur Arnalds") && $0.contains("0:05") }, "\(after.stdout)")
        #expect(afterLines.contains { $0.contains("Hidden Track") && $0.contains("0:06") && $0.hasSuffix(" 6") }, "\(after.stdout)")
    }

    @Test func jsonLinesImportShowsTheTags() throws {
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: files.path + "/album")
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let list = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": list])
        let imported = try session.request(
            "screen.perform", ["handle": list, "action": "import", "args": ["path": files.path + "/album", "name": "Tagged"]])
        #expect(imported["error"] == nil, "\(imported)")
        _ = try session.request("screen.wait", ["handle": list])
        let playlist = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Tagged"]])
        let handle = (playlist["result"] as? [String: Any])?["handle"] as? String ?? ""
        let snapshot = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle]))
        #expect(try session.finish() == 0)
        let items = SnapshotJSON.items(snapshot)
        #expect(items.compactMap { $0["title"] as? String } == TaggedAudioFixture.standard.map(\.expectedTitle), "\(items)")
        let values = items.compactMap { $0["values"] as? [String: Any] }
        #expect(values.compactMap { $0["artist"] as? String } == TaggedAudioFixture.standard.map(\.expectedArtist))
        #expect(values.compactMap { $0["duration"] as? Int } == TaggedAudioFixture.standard.map(\.seconds))
    }

    struct StoredSong { let title: String, artist: String, duration: Int? }

    /// The songs of `facet playlist NAME --json`'s list, from each item's typed values.
    static func songs(_ json: String) throws -> [StoredSong] {
        let snapshot = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        return SnapshotJSON.items(snapshot).compactMap { $0["values"] as? [String: Any] }.map {
            StoredSong(title: $0["title"] as? String ?? "?", artist: $0["artist"] as? String ?? "?", duration: $0["duration"] as? Int)
        }
    }
}
