import Foundation
import Testing
import TestSupport

/// A folder import as an ordinary user (as `nobody` through `setpriv` when
/// the suite runs as root) into a tree with a folder it may not read and a
/// symbolic-link loop: the songs elsewhere are imported, both are reported,
/// and the exit status says done.
@Suite struct PlaylistFolderAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-music")

    init() {
        Unprivileged.share(home.path, owned: true)
        Unprivileged.share(dir.path)
    }

    @Test func loopsAndUnreadableFoldersAreReportedNotFatal() async throws {
        dir.file("music/a.mp3", "")
        dir.file("music/sub/deep.ogg", "")
        dir.file("music/locked/secret.mp3", "")
        for folder in ["music", "music/sub", "music/locked"] { chmod(dir.path + "/" + folder, 0o755) }
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/music/sub/loop", withDestinationPath: "..")
        chmod(dir.path + "/music/locked", 0)
        defer { chmod(dir.path + "/music/locked", 0o755) }
        let music = dir.path + "/music"
        let result = try await Attack.shell(
            #"\#(Unprivileged.shellPrefix) "$FACET" playlists import "$P" --name Music && \#(Unprivileged.shellPrefix) "$FACET" playlist Music --json"#,
            home: home.path, environment: ["P": music])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        // Paths as Facet shows them: absolute, without doubled slashes.
        let shown = music.replacing("//", with: "/")
        #expect(result.stderr.contains("Imported 2 songs into \"Music\"; 1 folder could not be read (\(shown)/locked); "
            + "1 link back to a folder already read was not followed (\(shown)/sub/loop)."), "\(result.stderr)")
        let json = result.out.split(separator: "\n").drop { !$0.hasPrefix("{") }.joined(separator: "\n")
        let snapshot = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        let items = ((snapshot?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]]
        #expect(items?.map { $0["title"] as? String } == ["a", "deep"], "\(json)")

        // The same through `add`: the warning, and the songs that could be read.
        let added = try await Attack.shell(
            #"\#(Unprivileged.shellPrefix) "$FACET" playlist Music add "$P""#, home: home.path, environment: ["P": music])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Added 2 songs to \"Music\"; 1 folder could not be read"), "\(added.stderr)")
    }
}

/// File names that are not UTF-8 (`caf\xe9.mp3`, as an older system wrote
/// them): a folder import takes them as songs like any other, by their
/// exact bytes, titled by reading the bytes as Latin-1.
@Suite struct PlaylistNonUTF8NameAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-names")

    @Test func aNameThatIsNotUTF8IsImportedByItsBytes() throws {
        dir.file("music/a.mp3", "")
        let name = Array("caf".utf8) + [0xE9] + Array(".mp3".utf8)
        let path = (Array((dir.path + "/music/").utf8) + name).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        close(fd)
        let folder = dir.path + "/music"
        let result = try FacetProcess.run(["playlists", "import", folder, "--name", "Names"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Imported 2 songs into \"Names\"."), "\(result.stdout)\(result.stderr)")
        let shown = try FacetProcess.run(["playlist", "Names", "--json"], home: home.path)
        let values = SnapshotJSON.items(SnapshotJSON.object(shown.stdout)).map { $0["values"] as? [String: Any] ?? [:] }
        #expect(values.map { $0["title"] as? String } == ["a", "café"], "\(shown.stdout)")
        // The stored location names that very file again.
        let location = values.last?["location"] as? String ?? ""
        let folderURL = URL(fileURLWithPath: folder.replacing("//", with: "/") + "/a.mp3").absoluteString.dropLast("a.mp3".count)
        #expect(location == folderURL + "caf%E9.mp3", "\(location)")
    }
}
