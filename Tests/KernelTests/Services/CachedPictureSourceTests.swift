import Foundation
import KernelDomain
@testable import KernelServices
import TestSupport
import Testing

/// The kernel's picture cache against the loopback picture server: real
/// sockets, real files, real ImageMagick pictures.
@Suite("Picture cache", .serialized)
struct CachedPictureSourceTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 2_000_000_000)
    }

    struct World {
        let pictures = TemporaryDirectory("picture-files")
        let cache = TemporaryDirectory("picture-cache")
        let server: PicturesFixtureServer
        let client = LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: .seconds(10), bodyLimit: 1 << 20, maxRetries: 0))
        let clock = Clock()

        init() throws {
            try PictureFixtures.make(in: pictures.path)
            server = try PicturesFixtureServer(folder: pictures.path)
        }

        func source(capacity: Int = 1 << 30, client: (any HTTPClient)? = nil) -> CachedPictureSource {
            let clock = clock
            return CachedPictureSource(
                client: client ?? self.client, folder: cache.path + "/pictures", capacity: capacity, freshFor: 3600,
                now: { clock.now })
        }

        func fixture(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: pictures.path + "/" + name)))
        }

        func cachedFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/pictures")) ?? []).sorted()
        }
    }

    @Test func fetchedOnceThenServedFromTheCache() async throws {
        let world = try World()
        let source = world.source()
        for name in PictureFixtures.kept {
            let first = try await source.picture(at: world.server.url(name))
            #expect(first.bytes == (try world.fixture(name)))
            let again = try await source.picture(at: world.server.url(name))
            #expect(again == first)
        }
        #expect(try world.server.log().filter { $0.path.hasPrefix("/files/") }.count == PictureFixtures.kept.count)
        await world.client.shutdown()
    }

    @Test func aStaleCopyIsRevalidatedAndKeptOn304() async throws {
        let world = try World()
        let source = world.source()
        let url = world.server.url("cover.png")
        _ = try await source.picture(at: url)
        world.clock.now += 7200
        let again = try await source.picture(at: url)
        #expect(again.bytes == (try world.fixture("cover.png")))
        let requests = try world.server.log().filter { $0.path == "/files/cover.png" }
        #expect(requests.map(\.conditional) == [false, true])
        await world.client.shutdown()
    }

    @Test func offlineTheCachedPictureStillShows() async throws {
        var world: World? = try World()
        let cache = world!.cache
        let clock = world!.clock
        let url = world!.server.url("cover.jpg")
        let expected = try world!.fixture("cover.jpg")
        _ = try await world!.source().picture(at: url)
        await world!.client.shutdown()
        // The server goes away (connection refused), and the copy is stale.
        let pictures = world!.pictures
        world = nil
        _ = pictures
        clock.now += 30 * 86_400
        let offline = LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: .seconds(5), bodyLimit: 1 << 20, maxRetries: 0))
        let source = CachedPictureSource(client: offline, folder: cache.path + "/pictures", capacity: 1 << 30, now: { clock.now })
        #expect(try await source.picture(at: url).bytes == expected)
        await #expect(throws: PictureError.self) { try await source.picture(at: url + "-never-fetched") }
        await offline.shutdown()
    }

    @Test func hostilePicturesAreRefusedAndNeverKept() async throws {
        let world = try World()
        let source = world.source()
        let base = world.server.baseURL
        await #expect(throws: PictureError.unsupported(what: "an SVG document")) { try await source.picture(at: base + "/mislabel/evil.svg") }
        await #expect(throws: PictureError.unsupported(what: "an HTML page")) { try await source.picture(at: base + "/mislabel/page.html") }
        await #expect(throws: PictureError.tooManyPixels(width: 50_000, height: 50_000, limit: 64_000_000)) {
            try await source.picture(at: base + "/files/bomb.png")
        }
        await #expect(throws: PictureError.corrupt("it ends inside its header")) { try await source.picture(at: base + "/files/truncated.png") }
        await #expect(throws: PictureError.tooLarge(limit: 10 << 20)) { try await source.picture(at: base + "/huge/\(11 << 20)") }
        await #expect(throws: PictureError.unavailable("the server answered HTTP 404")) { try await source.picture(at: base + "/status/404") }
        #expect(world.cachedFiles().isEmpty)
        await world.client.shutdown()
    }

    @Test func theLeastRecentlyUsedGoFirstWhenTheBoundIsPassed() async throws {
        let world = try World()
        let sizes = try PictureFixtures.kept.map { try world.fixture($0).count }
        // Room for the two largest, not for three.
        let capacity = sizes.sorted().suffix(2).reduce(0, +)
        let source = world.source(capacity: capacity)
        _ = try await source.picture(at: world.server.url("cover.png"))
        _ = try await source.picture(at: world.server.url("cover.jpg"))
        // Used long ago, the PNG first; reading it again makes the JPEG the least recently used.
        func used(_ name: String, at seconds: Int) {
            var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
            utimes(world.cache.path + "/pictures/" + PictureCacheFolder.key(world.server.url(name)) + ".pic", &times)
        }
        used("cover.png", at: 1_000)
        used("cover.jpg", at: 2_000)
        _ = try await source.picture(at: world.server.url("cover.png"))
        _ = try await source.picture(at: world.server.url("cover.gif"))
        let kept = world.cachedFiles().filter { $0.hasSuffix(".pic") }
        #expect(kept.count == 2)
        #expect(kept.contains(PictureCacheFolder.key(world.server.url("cover.png")) + ".pic"))
        #expect(!kept.contains(PictureCacheFolder.key(world.server.url("cover.jpg")) + ".pic"))
        await world.client.shutdown()
    }

    /// The bound is the `picture-cache-mib` setting as it is at each write:
    /// a smaller one set while the process runs evicts at the next write, a
    /// larger one keeps more.
    @Test func theBoundFollowsTheSettingWhileTheProcessRuns() async throws {
        let world = try World()
        for name in ["noise1.png", "noise2.png"] {
            // Noise does not compress: each is most of a MiB.
            let made = try BoundedProcess.run(
                "/usr/bin/convert", ["-size", "480x480", "xc:", "+noise", "Random", "PNG24:" + world.pictures.path + "/" + name],
                timeout: 120)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let choice = PictureChoice()
        choice.follow(UserSettings(pictureCacheMiB: 1))
        #expect(choice.cacheBytes == 1 << 20)
        let big = LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: .seconds(10), bodyLimit: 10 << 20, maxRetries: 0))
        let source = CachedPictureSource(client: big, folder: world.cache.path + "/pictures", choice: choice)
        _ = try await source.picture(at: world.server.url("noise1.png"))
        _ = try await source.picture(at: world.server.url("noise2.png"))
        #expect(world.cachedFiles().filter { $0.hasSuffix(".pic") } == [PictureCacheFolder.key(world.server.url("noise2.png")) + ".pic"])
        choice.follow(UserSettings(pictureCacheMiB: 4))
        _ = try await source.picture(at: world.server.url("noise1.png"))
        #expect(world.cachedFiles().filter { $0.hasSuffix(".pic") }.count == 2)
        // The environment's bound wins over the setting for the run.
        let pinned = PictureChoice(environment: ["FACET_PICTURE_CACHE_MIB": "3"])
        pinned.follow(UserSettings(pictureCacheMiB: 1))
        #expect(pinned.cacheBytes == 3 << 20)
        await big.shutdown()
        await world.client.shutdown()
    }

    @Test func aFileBesideTheAudioIsReadAndAFIFOIsNot() async throws {
        let world = try World()
        let album = TemporaryDirectory("album")
        try Data(try world.fixture("cover.png")).write(to: URL(fileURLWithPath: album.path + "/Folder.PNG"))
        let source = world.source()
        let cover = try await source.cover(besideAudioFile: album.path + "/01 Song.flac")
        #expect(cover.bytes == (try world.fixture("cover.png")))
        mkfifo(album.path + "/cover.jpg", 0o600)
        await #expect(throws: PictureError.self) { try await source.cover(besideAudioFile: album.path + "/01 Song.flac") }
        await #expect(throws: PictureError.self) { try await source.picture(at: "relative/cover.png") }
        await world.client.shutdown()
    }
}
