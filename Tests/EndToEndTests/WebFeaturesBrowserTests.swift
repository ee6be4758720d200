import Foundation
import Testing
import TestSupport

/// Login, settings, stars and photos in `facet --ui web`, in headless
/// Chromium (Tests/WebBrowser/web_features.py): signed in and configured
/// through the page's forms, then the starred repositories from the
/// loopback GitHub fixture and the photos from the loopback photos fixture.
/// What the page did is what the CLI then finds in the same home.
@Suite(.tags(.users, .stars, .photos, .web)) struct WebFeaturesBrowserTests {
    let home = TemporaryDirectory("facet-web-features")

    func cli(_ arguments: String...) throws -> FacetProcess.Result {
        let result = try FacetProcess.run(arguments, home: home.path)
        #expect(result.status == 0, "facet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    @Test func signInSettingsStarsAndPhotosThroughThePage() throws {
        let github = try FixtureServer(arguments: ["--stars", "30"])
        let photos = try PhotosFixtureServer.shared()
        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_features.py", server.url, github.baseURL,
             "http://127.0.0.1:\(photos.port)"],
            environment: ProcessInfo.processInfo.environment, timeout: 240)
        #expect(run.status == 0, "web_features.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(server.stop() == 0)

        // Login and settings: what the page saved is the user's.
        #expect(facts["loginStatus"] as? String == "Created profile and signed in as Ada Lovelace.")
        #expect(try cli("whoami").stdout.contains("Ada Lovelace"))
        #expect(facts["pageSizeRefusal"] as? String == "Page size must be a whole number between 10 and 500.")
        #expect((facts["settingsStatus"] as? String ?? "").hasPrefix("Saved: "))
        #expect(try cli("settings", "get", "page-size").stdout == "25\n")
        #expect(try cli("settings", "get", "github-user").stdout == "octo\n")
        #expect(try cli("settings", "get", "github-base-url").stdout == github.baseURL + "\n")

        // Stars: read from the fixture, the cache's first row on top.
        #expect(facts["starsTitle"] as? String == "Stars of octo")
        #expect(facts["starsStatus"] as? String == "Read 30 starred repositories from GitHub.")
        let stars = SnapshotJSON.object(try cli("stars", "--refresh", "none", "--json").stdout)
        let firstStar = SnapshotJSON.items(stars).first
        #expect((facts["starsFirstRow"] as? [String])?.first == firstStar?["title"] as? String)
        #expect((facts["starsFirstRow"] as? [String])?.first == "owner29/project-00029")

        // Photos: the fixture's list, and the first photo's details.
        #expect(facts["photosStatus"] as? String == "Fetched 5,000 photos.")
        let rows = facts["photosFirstRows"] as? [[String]] ?? []
        #expect(rows.map { $0.first } == ["1", "2", "3"])
        #expect(rows.first?[2] == "dolore minima necessitatibus")
        #expect(facts["photoPath"] as? String == "/photo/1")
        #expect(facts["photoTitle"] as? String == "dolore minima necessitatibus")
        #expect(facts["consoleErrors"] as? [String] == [])
    }
}
