import Foundation
import PicturePixels
import ScreenKit
import Testing
import TestSupport

@testable import WebFrontEnd

/// The web page's row thumbnails as the server makes them: scaled to the
/// square asked for, as a PNG; a picture that already fits, or that does
/// not decode, goes out as it is; and what was made is kept within its
/// byte bound, the oldest dropped first.
@Suite struct ThumbnailMakerTests {
    static func picture(seed: Int, width: Int = 48, height: Int = 32) throws -> PictureContent {
        let folder = TemporaryDirectory("facet-thumbnails")
        let path = folder.path + "/p.png"
        let made = try BoundedProcess.run(
            "/usr/bin/convert", ["-seed", String(seed), "-size", "\(width)x\(height)", "plasma:fractal", "-depth", "8", path], timeout: 120)
        try #require(made.status == 0, "\(made.stderr)")
        return PictureContent(mimeType: "image/png", width: width, height: height, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aLargerPictureComesScaledAsAPNGAndIsMadeOnce() async throws {
        let maker = ThumbnailMaker()
        let original = try Self.picture(seed: 1)
        let thumbnail = await maker.fitted(original, within: 24)
        #expect(thumbnail.mimeType == "image/png" && thumbnail.width == 24 && thumbnail.height == 16)
        let pixels = try #require(PictureDecoder.decode(thumbnail))
        #expect(pixels.width == 24 && pixels.height == 16)
        #expect(thumbnail.bytes.count < original.bytes.count)
        #expect(await maker.fitted(original, within: 24) == thumbnail)
        #expect(await maker.keptCount == 1)
        // Another square is another thumbnail.
        #expect(await maker.fitted(original, within: 12).width == 12)
        #expect(await maker.keptCount == 2)
    }

    @Test func aPictureThatFitsOrDoesNotDecodeGoesOutAsItIs() async throws {
        let maker = ThumbnailMaker()
        let original = try Self.picture(seed: 2)
        #expect(await maker.fitted(original, within: 48) == original)
        let truncated = PictureContent(mimeType: "image/png", width: 48, height: 32, bytes: Array(original.bytes.prefix(40)))
        #expect(await maker.fitted(truncated, within: 24) == truncated)
        #expect(await maker.keptCount == 0)
    }

    @Test func theKeptThumbnailsStayWithinTheirBytesOldestFirstOut() async throws {
        let pictures = try (1...4).map { try Self.picture(seed: 10 + $0, width: 64, height: 64) }
        let sizes = await (ThumbnailMaker().fitted(pictures[0], within: 32)).bytes.count
        // Room for about two.
        let maker = ThumbnailMaker(keptBytesLimit: sizes * 2 + sizes / 2)
        var made: [PictureContent] = []
        for picture in pictures { made.append(await maker.fitted(picture, within: 32)) }
        let kept = await maker.keptCount
        #expect(kept >= 1 && kept <= 2, "\(kept)")
        // The newest is still kept: asked again, the same thumbnail.
        #expect(await maker.fitted(pictures[3], within: 32) == made[3])
        #expect(await maker.keptCount == kept)
    }
}
