import Foundation
import KernelDomain
import TestSupport
import Testing

/// Pictures are recognised from their bytes and measured from their
/// headers before anything decodes them; the usual impostors and bombs are
/// refused with a message that names them.
@Suite("Picture header", .serialized)
struct PictureHeaderTests {
    static let folder: TemporaryDirectory = {
        let folder = TemporaryDirectory("pictures")
        try! PictureFixtures.make(in: folder.path)
        return folder
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name)))
    }

    @Test(arguments: zip(PictureFixtures.kept, [PictureFormat.png, .jpeg, .gif, .webp]))
    func realPicturesAreRecognisedAndMeasured(name: String, format: PictureFormat) throws {
        let picture = try Picture(checking: try Self.bytes(name))
        #expect(picture.format == format)
        #expect(picture.width == 48 && picture.height == 32)
        #expect(picture.bytes == (try Self.bytes(name)))
    }

    @Test func losslessAndExtendedWebPAreMeasured() throws {
        for options in [["-define", "webp:lossless=true"], ["-define", "webp:alpha-quality=50", "-alpha", "on"]] {
            let file = Self.folder.path + "/variant.webp"
            let run = try BoundedProcess.run(
                "/usr/bin/convert", ["-size", "300x200", "gradient:red-blue"] + options + [file], timeout: 120)
            #expect(run.status == 0)
            let picture = try Picture(checking: [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(picture.format == .webp && picture.width == 300 && picture.height == 200)
        }
    }

    @Test func anSVGOrHTMLIsRefusedWhateverItIsCalled() throws {
        #expect(throws: PictureError.unsupported(what: "an SVG document")) { try Picture(checking: try Self.bytes("evil.svg")) }
        #expect(throws: PictureError.unsupported(what: "an HTML page")) { try Picture(checking: try Self.bytes("page.html")) }
        #expect(throws: PictureError.unsupported(what: "empty")) { try Picture(checking: []) }
    }

    @Test func aBombIsRefusedFromItsHeader() throws {
        #expect(throws: PictureError.tooManyPixels(width: 50_000, height: 50_000, limit: 64_000_000)) {
            try Picture(checking: try Self.bytes("bomb.png"))
        }
        // At the bound exactly it is kept; one row more is not.
        #expect((try? Picture(checking: PictureFixtures.bombPNG(width: 8000, height: 8000))) != nil)
        #expect(throws: PictureError.self) { try Picture(checking: PictureFixtures.bombPNG(width: 8000, height: 8001)) }
        // Dimensions whose product overflows are refused, not wrapped.
        #expect(throws: PictureError.self) { try Picture(checking: PictureFixtures.bombPNG(width: .max, height: .max)) }
    }

    @Test func aTruncatedHeaderIsCorrupt() throws {
        #expect(throws: PictureError.corrupt("it ends inside its header")) { try Picture(checking: try Self.bytes("truncated.png")) }
        let jpeg = try Self.bytes("cover.jpg")
        #expect(throws: PictureError.self) { try Picture(checking: Array(jpeg.prefix(40))) }
    }

    @Test func aBodyOverTheBoundIsRefused() {
        let big = PictureFixtures.bombPNG(width: 10, height: 10) + [UInt8](repeating: 0, count: 10 << 20)
        #expect(throws: PictureError.tooLarge(limit: 10 << 20)) { try Picture(checking: big) }
    }

    @Test func theCoverBesideAudioFilesIsFoundIgnoringCase() {
        #expect(CoverFileNames.match(in: ["01.flac", "Folder.PNG", "COVER.JPG"]) == "COVER.JPG")
        #expect(CoverFileNames.match(in: ["01.flac", "folder.png"]) == "folder.png")
        #expect(CoverFileNames.match(in: ["01.flac", "cover.gif", "front.jpg"]) == nil)
    }
}
