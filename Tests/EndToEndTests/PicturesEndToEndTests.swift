import Foundation
import Testing
import TestSupport

/// Pictures through the built binary against the loopback picture server
/// (real ImageMagick PNG/JPEG/GIF/WebP and hostile ones): the CLI's
/// `--output` file equals the fixture byte for byte, JSON lines and MCP
/// carry the same bytes in base64, a hostile picture is refused with its
/// reason and nothing written, and a cached picture shows offline.
@Suite(.serialized, .tags(.photos, .playlists, .cli, .jsonl, .mcp))
struct PicturesEndToEndTests {
    /// `/photos` lists the folder's pictures in name order, one per photo:
    /// bomb.png, cover.gif, cover.jpg, cover.png, cover.webp, truncated.png.
    static let photoOf = ["cover.gif": 2, "cover.jpg": 3, "cover.png": 4, "cover.webp": 5]

    struct World {
        let home = TemporaryDirectory("facet-pictures")
        let files = TemporaryDirectory("facet-picture-files")
        let work = TemporaryDirectory("facet-picture-work")
        var server: PicturesFixtureServer?

        init() throws {
            try PictureFixtures.make(in: files.path)
            server = try PicturesFixtureServer(folder: files.path)
        }

        func facet(_ arguments: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(arguments, home: home.path)
        }

        func fixture(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: files.path + "/" + name)) }

        /// Photos fetched from the picture server's `/photos`.
        func fetchPhotos() throws {
            let login = try facet("login", "sign-in", "--first-name", "Ann", "--last-name", "Lee")
            #expect(login.status == 0, "\(login.stderr)")
            let set = try facet("settings", "set", "photos-base-url", server!.baseURL)
            #expect(set.status == 0, "\(set.stderr)")
            let photos = try facet("photos", "--json")
            #expect(photos.status == 0, "\(photos.stderr)")
        }
    }

    @Test func theCLIWritesEachPictureByteForByteAndRefusesTheHostileOnes() throws {
        var world = try World()
        try world.fetchPhotos()
        for (name, id) in Self.photoOf {
            let file = world.work.path + "/\(id).out"
            let run = try world.facet("photo", String(id), "image", "--output", file)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == (try world.fixture(name)), "\(name)")
        }
        // A file that exists is replaced only when confirmed: without --yes
        // (stdin is no terminal) nothing changes and the command says how.
        let kept = world.work.path + "/kept.jpg"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: kept))
        let refused = try world.facet("photo", "2", "image", "--output", kept)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("Replace \(kept)") && refused.stderr.contains("--output \(kept) --yes"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data("mine".utf8))
        let replaced = try world.facet("photo", "2", "image", "--output", kept, "--yes")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) != Data("mine".utf8))

        // The bomb (photo 1) and the truncated PNG (photo 6): refused, nothing written.
        let bomb = try world.facet("photo", "1", "image", "--output", world.work.path + "/bomb.out")
        #expect(bomb.status == 1)
        #expect(bomb.stderr.contains("50000×50000"), "\(bomb.stderr)")
        let cut = try world.facet("photo", "6", "image", "--output", world.work.path + "/cut.out")
        #expect(cut.status == 1 && cut.stderr.contains("damaged"), "\(cut.stderr)")
        #expect(!FileManager.default.fileExists(atPath: world.work.path + "/bomb.out"))
        #expect(!FileManager.default.fileExists(atPath: world.work.path + "/cut.out"))

        // --json: the bytes in base64 with the sniffed type.
        let json = try world.facet("photo", "5", "image", "--thumbnail", "--json")
        let picture = SnapshotJSON.object(json.stdout)
        #expect(picture["mimeType"] as? String == "image/webp" && picture["width"] as? Int == 48)
        #expect((picture["data"] as? String).flatMap { Data(base64Encoded: $0) } == (try world.fixture("cover.webp")))

        // On a terminal, without --output, binary bytes are not printed.
        let terminal = try FacetProcess.runOnTerminal(["photo", "4", "image"], home: world.home.path)
        #expect(terminal.status == 2 && terminal.stdout.contains("--output FILE"), "\(terminal.stdout)")
        // --output with an action that hands back no picture is a usage error, and runs nothing.
        let wrong = try world.facet("playlist", "Sample", "remove-song", "1", "--yes", "--output", world.work.path + "/x")
        #expect(wrong.status == 2 && wrong.stderr.contains("--output"), "\(wrong.stderr)")

        // Offline: the server is gone, the cached pictures still come out.
        world.server = nil
        let offline = world.work.path + "/offline.out"
        let run = try world.facet("photo", "3", "image", "--output", offline)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: offline)) == (try world.fixture("cover.jpg")))
    }

    @Test func aSongsCoverComesFromItsURLOrFromBesideItsAudioFile() throws {
        let world = try World()
        let album = world.work.path + "/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try world.fixture("cover.png").write(to: URL(fileURLWithPath: album + "/Folder.PNG"))
        let list = world.work.path + "/road.json"
        let songs: [[String: Any]] = [
            ["title": "One", "artist_name": "A", "cover": world.server!.url("cover.jpg")],
            ["title": "Two", "artist_name": "B", "location": album + "/02 Two.flac"],
            ["title": "Three", "artist_name": "C", "cover": world.server!.baseURL + "/mislabel/evil.svg"],
            ["title": "Four", "artist_name": "D"],
        ]
        try JSONSerialization.data(withJSONObject: ["result": songs]).write(to: URL(fileURLWithPath: list))
        let imported = try world.facet("playlists", "import", list, "--name", "Road")
        #expect(imported.status == 0, "\(imported.stderr)")

        let first = world.work.path + "/1.jpg"
        #expect(try world.facet("playlist", "Road", "cover", "1", "--output", first).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == (try world.fixture("cover.jpg")))
        let second = world.work.path + "/2.png"
        let beside = try world.facet("playlist", "Road", "cover", "2", "--output", second)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == (try world.fixture("cover.png")))
        let svg = try world.facet("playlist", "Road", "cover", "3", "--output", world.work.path + "/3")
        #expect(svg.status == 1 && svg.stderr.contains("SVG"), "\(svg.stderr)")
        let none = try world.facet("playlist", "Road", "cover", "4", "--output", world.work.path + "/4")
        #expect(none.status == 1 && none.stderr.contains("no cover"), "\(none.stderr)")
    }

    @Test func jsonLinesReturnsTheCachedBytesAndListsThemInOpenRPC() throws {
        let world = try World()
        try world.fetchPhotos()
        let session = try JSONLSession(home: world.home.path)
        let opened = SnapshotJSON.object(try session.result("screen.open", ["screen": "photo", "params": ["id": 4]]))
        let handle = opened["handle"] as? String ?? ""
        let result = try session.result("screen.perform", ["handle": handle, "action": "image", "args": [:]])
        let picture = SnapshotJSON.object(SnapshotJSON.object(result)["outcome"])["picture"] as? [String: Any] ?? [:]
        #expect(picture["mimeType"] as? String == "image/png")
        #expect(picture["size"] as? Int == (try world.fixture("cover.png")).count)
        #expect((picture["data"] as? String).flatMap { Data(base64Encoded: $0) } == (try world.fixture("cover.png")))
        let bomb = SnapshotJSON.object(try session.result("screen.open", ["screen": "photo", "params": ["id": 1]]))
        #expect(throws: JSONLSession.RPCFailure.self) {
            try session.result("screen.perform", ["handle": bomb["handle"] as? String ?? "", "action": "image", "args": [:]])
        }
        let document = SnapshotJSON.object(try session.result("rpc.discover"))
        let schemas = SnapshotJSON.object(SnapshotJSON.object(document["components"])["schemas"])
        #expect(SnapshotJSON.object(schemas["Picture"])["required"] as? [String] == ["mimeType", "width", "height", "size", "data"])
        _ = try session.finish()
    }

    @Test func mcpHandsThePictureOverAsImageContent() throws {
        let world = try World()
        let facts = try MCPClientScript.run("pictures", home: world.home.path, work: world.work.path, arguments: [world.server!.baseURL])
        let image = SnapshotJSON.object(facts["image"])
        #expect(image["mimeType"] as? String == "image/png")
        #expect((image["data"] as? String).flatMap { Data(base64Encoded: $0) } == (try world.fixture("cover.png")))
        let hostile = SnapshotJSON.object(facts["bomb"])
        #expect(hostile["isError"] as? Bool == true && hostile["images"] as? Int == 0)
    }
}
