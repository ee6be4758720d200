import Foundation
import ScreenKit
import Testing
import TestSupport

@testable import TUIFrontEnd

/// WebP covers in the TUI, decoded by libwebp (stb_image reads PNG, JPEG
/// and GIF only): the same picture as a lossless WebP draws exactly the
/// symbols its PNG draws, and a damaged WebP, or one whose header tells
/// another size than the kernel checked, is "cannot draw", never a crash.
@Suite struct WebPSymbolArtTests {
    /// Black on the left half, white on the right, in `format` (ImageMagick).
    static func picture(_ format: String, in folder: TemporaryDirectory) throws -> [UInt8] {
        let path = folder.path + "/half." + format
        let made = try BoundedProcess.run(
            "/usr/bin/convert",
            ["-size", "64x32", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,31", "-define", "webp:lossless=true", path],
            timeout: 120)
        #expect(made.status == 0, "\(made.stderr)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aLosslessWebPDrawsWhatItsPNGDraws() throws {
        let folder = TemporaryDirectory("facet-webp-art")
        let png = PictureContent(mimeType: "image/png", width: 64, height: 32, bytes: try Self.picture("png", in: folder))
        let webp = PictureContent(mimeType: "image/webp", width: 64, height: 32, bytes: try Self.picture("webp", in: folder))
        let fromPNG = try SymbolArt.draw(png, columns: 20, rows: 10)
        let fromWebP = try SymbolArt.draw(webp, columns: 20, rows: 10)
        #expect(fromWebP == fromPNG)
        // The shape, not a filled box: the black half blank, the white half
        // full blocks (foreground on background).
        #expect(!fromWebP.lines.isEmpty)
        #expect(fromWebP.lines.allSatisfy { $0.hasPrefix("     ") && $0.hasSuffix("█████") }, "\(fromWebP.lines)")
    }

    @Test func aDamagedWebPOrOneOfAnotherSizeIsNotDrawn() throws {
        let folder = TemporaryDirectory("facet-webp-art")
        let bytes = try Self.picture("webp", in: folder)
        let truncated = PictureContent(mimeType: "image/webp", width: 64, height: 32, bytes: Array(bytes.prefix(bytes.count / 2)))
        #expect(throws: SymbolArt.Failure.undecodable) { try SymbolArt.draw(truncated, columns: 20, rows: 10) }
        let misstated = PictureContent(mimeType: "image/webp", width: 32, height: 32, bytes: bytes)
        #expect(throws: SymbolArt.Failure.undecodable) { try SymbolArt.draw(misstated, columns: 20, rows: 10) }
    }

    /// Mutated WebP files (bytes flipped, cut, forged 0xFF runs) straight
    /// into the decoder: each draws or is refused, and the run ends.
    @Test func aThousandMutatedWebPFilesEachDrawOrAreRefused() throws {
        let bytes = try Self.picture("webp", in: TemporaryDirectory("facet-webp-art"))
        var random = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<1000 {
            var copy = bytes
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    copy[Int.random(in: 12..<copy.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 1: copy = Array(copy.prefix(Int.random(in: 12...copy.count, using: &random)))
            default:
                for index in 12..<min(copy.count, 48) where Bool.random(using: &random) { copy[index] = 0xFF }
            }
            let picture = PictureContent(mimeType: "image/webp", width: 64, height: 32, bytes: copy)
            do { _ = try SymbolArt.draw(picture, columns: 20, rows: 10) } catch { refused += 1 }
        }
        // Some mutations leave a picture libwebp still reads, most do not.
        #expect(refused > 0)
    }
}
