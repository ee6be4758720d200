import Foundation
import PicturePixels
import ScreenKit
import Testing
import TestSupport

/// The web page's thumbnails: a picture scaled to fit a square keeps its
/// shape and its tones, and the PNG written from it is a real PNG of that
/// size that decodes to the same pixels (checked with stb_image, and the
/// file's own header).
@Suite struct PictureScalingTests {
    /// A picture ImageMagick made, as the kernel hands it on.
    static func picture(_ arguments: [String], format: String, width: Int, height: Int) throws -> PictureContent {
        let folder = TemporaryDirectory("facet-picture-pixels")
        let path = folder.path + "/made." + format
        let made = try BoundedProcess.run("/usr/bin/convert", arguments + [path], timeout: 120)
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return PictureContent(mimeType: format == "jpg" ? "image/jpeg" : "image/" + format, width: width, height: height, bytes: bytes)
    }

    @Test(arguments: [
        (150, 150, 24, 24, 24), (48, 32, 12, 12, 8), (1000, 1, 10, 10, 1), (1, 1000, 10, 1, 10), (20, 10, 24, 20, 10),
        (3, 2, 1, 1, 1),
    ])
    func theSizeFitsTheSquareWithThePicturesShape(width: Int, height: Int, bound: Int, fittedWidth: Int, fittedHeight: Int) {
        let fitted = Pixels.size(width: width, height: height, fitting: bound)
        #expect(fitted == (fittedWidth, fittedHeight))
    }

    @Test func aPictureHalfBlackHalfWhiteKeepsItsHalvesWhenScaled() throws {
        let picture = try Self.picture(["-size", "64x32", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,31"],
                                       format: "png", width: 64, height: 32)
        let pixels = try #require(PictureDecoder.decode(picture))
        let small = pixels.scaled(fitting: 16)
        #expect(small.width == 16 && small.height == 8)
        func red(_ x: Int, _ y: Int) -> UInt8 { small.rgba[(y * small.width + x) * 4] }
        // Away from the edge between the halves, each half is as it was.
        #expect((0..<8).allSatisfy { y in (0..<6).allSatisfy { red($0, y) < 8 } && (10..<16).allSatisfy { red($0, y) > 247 } },
                "\(small.rgba)")
    }

    @Test func aSolidColourKeepsItsToneInLinearLightScaling() throws {
        let picture = try Self.picture(["-size", "90x60", "xc:rgb(200,100,50)"], format: "png", width: 90, height: 60)
        let small = try #require(PictureDecoder.decode(picture)).scaled(fitting: 30)
        #expect(small.width == 30 && small.height == 20)
        for start in stride(from: 0, to: small.rgba.count, by: 4) {
            let pixel = Array(small.rgba[start..<start + 4])
            #expect(abs(Int(pixel[0]) - 200) <= 1 && abs(Int(pixel[1]) - 100) <= 1 && abs(Int(pixel[2]) - 50) <= 1 && pixel[3] == 255,
                    "\(pixel)")
        }
    }

    @Test func aPictureThatFitsIsLeftAsItIs() throws {
        let pixels = Pixels(width: 2, height: 1, rgba: [1, 2, 3, 255, 4, 5, 6, 128])
        #expect(pixels.scaled(fitting: 2) == pixels)
        #expect(pixels.scaled(fitting: 100) == pixels)
    }

    /// Colour type, byte 25 of a PNG: 2 is RGB, 6 is RGBA.
    static func colourType(_ png: [UInt8]) -> UInt8 { png.count > 25 ? png[25] : 0 }

    @Test func theWrittenPNGIsTheScaledPictureAndOpaqueOnesHaveNoAlpha() throws {
        for (format, mime) in [("jpg", "image/jpeg"), ("gif", "image/gif"), ("webp", "image/webp"), ("png", "image/png")] {
            let picture = try Self.picture(["-size", "48x32", "gradient:red-blue"], format: format, width: 48, height: 32)
            #expect(picture.mimeType == mime)
            let small = try #require(PictureDecoder.decode(picture), "\(format)").scaled(fitting: 24)
            let png = small.png()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(format)")
            #expect(Self.colourType(png) == 2, "\(format): an opaque picture is written as RGB")
            let again = try #require(PictureDecoder.decode(PictureContent(mimeType: "image/png", width: 24, height: 16, bytes: png)))
            #expect(again == small, "\(format): the PNG holds the scaled pixels exactly")
        }
    }

    @Test func transparencyIsKeptAndCarriesNoDarkFringe() throws {
        // A white disc on a transparent square.
        let picture = try Self.picture(
            ["-size", "64x64", "xc:none", "-fill", "white", "-draw", "circle 32,32 32,8"], format: "png", width: 64, height: 64)
        let small = try #require(PictureDecoder.decode(picture)).scaled(fitting: 16)
        let png = small.png()
        #expect(Self.colourType(png) == 6)
        let again = try #require(PictureDecoder.decode(PictureContent(mimeType: "image/png", width: 16, height: 16, bytes: png)))
        #expect(again == small)
        // The corners stay clear; every pixel with any cover stays white
        // (colour weighed by alpha: the clear pixels' black does not bleed in).
        #expect(small.rgba[3] == 0 && small.rgba[small.rgba.count - 1] == 0)
        for start in stride(from: 0, to: small.rgba.count, by: 4) where small.rgba[start + 3] > 16 {
            #expect(small.rgba[start] > 240, "\(Array(small.rgba[start..<start + 4]))")
        }
    }
}
