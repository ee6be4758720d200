import Foundation
import Testing
import TestSupport

/// Covers and photos in `facet --ui web`, in headless Chromium
/// (Tests/WebBrowser/web_pictures.py): each real cover beside its row and
/// the photo under its detail decode (`naturalWidth > 0`), from the page's
/// own origin; the hostile ones (an SVG labelled image/png, a 50,000×50,000
/// PNG) are refused by the server and not shown; the endpoint answers with
/// the sniffed type and `nosniff`, runs only picture actions, and needs the
/// page's cookie.
@Suite(.tags(.playlists, .photos, .web)) struct WebPicturesBrowserTests {
    @Test func coversAndPhotosDecodeAndHostileOnesAreNotShown() throws {
        let home = TemporaryDirectory("facet-web-pictures")
        let files = TemporaryDirectory("facet-web-picture-files")
        try PictureFixtures.make(in: files.path)
        let pictures = try PicturesFixtureServer(folder: files.path)
        func cli(_ arguments: String...) throws {
            let result = try FacetProcess.run(arguments, home: home.path)
            #expect(result.status == 0, "facet \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        try cli("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        try cli("settings", "set", "photos-base-url", pictures.baseURL)
        try cli("photos")
        let album = home.path + "/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: files.path + "/cover.png")).write(to: URL(fileURLWithPath: album + "/cover.png"))
        let songs: [[String: Any]] = [
            ["title": "One", "artist_name": "A", "cover": pictures.url("cover.jpg")],
            ["title": "Two", "artist_name": "B", "location": album + "/02.flac"],
            ["title": "Three", "artist_name": "C", "cover": pictures.baseURL + "/mislabel/evil.svg"],
            ["title": "Four", "artist_name": "D", "cover": pictures.url("bomb.png")],
        ]
        try JSONSerialization.data(withJSONObject: ["result": songs]).write(to: URL(fileURLWithPath: home.path + "/road.json"))
        try cli("playlists", "import", home.path + "/road.json", "--name", "Road")

        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env", ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_pictures.py", server.url],
            environment: ProcessInfo.processInfo.environment, timeout: 240)
        #expect(run.status == 0, "web_pictures.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(server.stop() == 0)
        // The list is fetched from the network by the CLI, by the page, and for its
        // thumbnails by one screen opened for them all, not one per row (six rows
        // opened one screen each: eight fetches); a refresh besides may add one.
        let listFetches = try pictures.log().filter { $0.path == "/photos" }.count
        #expect(listFetches <= 4, "the photos list was fetched \(listFetches) times")

        // The rows' thumbnails come at the size they are shown: the fixtures' 48×32 pictures, scaled by the server.
        let thumbnailPixels = facts["thumbnailPixels"] as? Int ?? 0
        #expect(thumbnailPixels > 0 && thumbnailPixels < 48, "\(facts)")
        let images = facts["playlistImages"] as? [[String: Any]] ?? []
        #expect(images.compactMap { $0["row"] as? String }.sorted() == ["1", "2"], "\(images)")
        #expect(images.allSatisfy { ($0["width"] as? Int ?? 0) == thumbnailPixels && $0["src"] as? String == "same-origin" }, "\(images)")
        let scaled = facts["scaled"] as? [String: Any] ?? [:]
        #expect(scaled["width"] as? Int == 12 && scaled["height"] as? Int == 8, "\(facts)")
        let endpoint = facts["endpoint"] as? [[String: Any]] ?? []
        #expect(endpoint.first?["status"] as? Int == 200 && endpoint.first?["type"] as? String == "image/jpeg", "\(endpoint)")
        #expect(endpoint.allSatisfy { $0["nosniff"] as? String == "nosniff" }, "\(endpoint)")
        let csp = endpoint.first?["csp"] as? String ?? ""
        #expect(csp.contains("img-src 'self'"), "\(endpoint)")
        // A refused picture is "no content" (the reason in a header): no image, and no console error.
        #expect(endpoint.dropFirst().first?["status"] as? Int == 204, "the SVG is refused: \(endpoint)")
        #expect(endpoint.dropFirst().first?["reason"] as? String == "picture.unsupported", "\(endpoint)")
        #expect(endpoint.count == 5, "\(endpoint)")
        // With a bound, the JPEG cover comes as the PNG the server scaled; a bound of no pixels is refused.
        #expect(endpoint.dropFirst(2).first?["status"] as? Int == 200 && endpoint.dropFirst(2).first?["type"] as? String == "image/png", "\(endpoint)")
        #expect(endpoint.dropFirst(3).first?["status"] as? Int == 400, "fit=0: \(endpoint)")
        #expect(endpoint.last?["status"] as? Int == 404, "a non-picture action is never run: \(endpoint)")
        #expect(facts["withoutCookie"] as? Int == 401)
        // The photos list: thumbnails for the four kept pictures; the bomb (1) and the truncated PNG (6) show none.
        let thumbnails = facts["photosImages"] as? [[String: Any]] ?? []
        #expect(thumbnails.compactMap { $0["row"] as? String }.sorted() == ["2", "3", "4", "5"], "\(thumbnails)")
        #expect(thumbnails.allSatisfy { ($0["width"] as? Int ?? 0) == thumbnailPixels }, "\(thumbnails)")
        let photo = facts["photoImages"] as? [[String: Any]] ?? []
        #expect(photo.count == 1 && photo.first?["kind"] as? String == "picture" && photo.first?["width"] as? Int == 48, "\(photo)")
        // The fetches refused on purpose (a non-picture action, a bound of no pixels) are the console's only complaints.
        let complaints = facts["consoleErrors"] as? [String] ?? []
        #expect(complaints.allSatisfy { $0.contains("action=delete") || $0.contains("fit=0") }, "\(complaints)")
    }

    /// The stored `pictures` setting (Tests/WebBrowser/web_pictures_setting.py):
    /// off, the photos page shows its rows and no picture, and asks the
    /// server for none; turned on by another process, the open page shows
    /// the thumbnails; turned off again, they go.
    @Test func theStoredSettingTurnsThePagesPicturesOffAndOnLive() throws {
        let home = TemporaryDirectory("facet-web-pictures-setting")
        let files = TemporaryDirectory("facet-web-picture-setting-files")
        try PictureFixtures.make(in: files.path)
        let pictures = try PicturesFixtureServer(folder: files.path)
        for words in [
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"],
            ["settings", "set", "photos-base-url", pictures.baseURL],
            ["photos"],
            ["settings", "set", "pictures", "off"],
        ] {
            let result = try FacetProcess.run(words, home: home.path)
            try #require(result.status == 0, "facet \(words.joined(separator: " ")): \(result.stderr)")
        }
        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_pictures_setting.py", server.url,
             FacetProcess.binary, home.path],
            environment: ProcessInfo.processInfo.environment, timeout: 240)
        #expect(run.status == 0, "web_pictures_setting.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(server.stop() == 0)
        #expect((facts["offImages"] as? [Any])?.isEmpty == true, "\(facts)")
        let shown = facts["onImages"] as? [[String: Any]] ?? []
        #expect(shown.compactMap { $0["row"] as? String }.sorted() == ["2", "3", "4", "5"], "\(shown)")
        #expect((facts["offAgainImages"] as? [Any])?.isEmpty == true, "\(facts)")
    }
}
