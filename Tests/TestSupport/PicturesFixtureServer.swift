import Foundation

/// The loopback picture server (`Tools/fixtures/pictures_fixture.py`)
/// serving a folder of real pictures the test made (`PictureFixtures`),
/// hostile ones and slow ones; stopped when released or with the test
/// process (see `LoopbackFixtureProcess`).
public final class PicturesFixtureServer: @unchecked Sendable {
    private let server: LoopbackFixtureProcess
    public var port: Int { server.port }
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init(folder: String) throws {
        server = try LoopbackFixtureProcess(script: LoopbackFixtureProcess.script("pictures_fixture.py"), arguments: [folder])
    }

    /// `http://127.0.0.1:<port>/files/<name>`.
    public func url(_ name: String) -> String { baseURL + "/files/" + name }

    /// Every request so far: its path and whether it was conditional.
    public func log() throws -> [(path: String, conditional: Bool)] {
        let run = try BoundedProcess.run("/usr/bin/curl", ["-s", baseURL + "/_log"], timeout: 60)
        let entries = (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
        return entries.map { ($0["path"] as? String ?? "", $0["conditional"] as? Bool ?? false) }
    }
}

/// Real pictures made with ImageMagick (`convert`) in a folder, one per
/// kept format, and the hostile ones a picture source must refuse.
public enum PictureFixtures {
    /// The kept formats' fixture names, each 48×32.
    public static let kept = ["cover.png", "cover.jpg", "cover.gif", "cover.webp"]

    /// Writes the fixtures into `folder`: the four kept ones, an SVG
    /// (`evil.svg`), an HTML page (`page.html`), a PNG header declaring
    /// 50,000×50,000 (`bomb.png`) and a truncated PNG (`truncated.png`).
    public static func make(in folder: String) throws {
        for name in kept {
            let run = try BoundedProcess.run(
                "/usr/bin/convert", ["-size", "48x32", "gradient:red-blue", folder + "/" + name], timeout: 120)
            guard run.status == 0 else { throw MakeFailed(name: name, detail: run.stderr) }
        }
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/evil.svg"))
        try Data("<!doctype html><script>alert(1)</script>".utf8).write(to: URL(fileURLWithPath: folder + "/page.html"))
        try Data(bombPNG()).write(to: URL(fileURLWithPath: folder + "/bomb.png"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/cover.png"))
        try png.prefix(20).write(to: URL(fileURLWithPath: folder + "/truncated.png"))
    }

    /// A PNG signature and IHDR chunk declaring 50,000×50,000 RGBA pixels
    /// (10 GB decoded), and a few bytes more: a decompression bomb's header.
    public static func bombPNG(width: UInt32 = 50_000, height: UInt32 = 50_000) -> [UInt8] {
        func big(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + Array("IHDR".utf8) + big(width) + big(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
    }

    struct MakeFailed: Error, CustomStringConvertible {
        var name: String
        var detail: String
        var description: String { "convert could not make \(name): \(detail)" }
    }
}
