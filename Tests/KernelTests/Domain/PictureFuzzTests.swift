import Foundation
import KernelDomain
import TestSupport
import Testing

/// Thousands of mutated pictures (bytes flipped, cut, spliced, lengths
/// forged) through the sniffer and the header check: each ends in a
/// checked picture or a `PictureError`, never a crash, and quickly (a
/// header walk that looped would stop the whole test run).
@Suite("Picture fuzz")
struct PictureFuzzTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutate(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
        var copy = bytes
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &random) where !copy.isEmpty {
                copy[Int.random(in: 0..<copy.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 1: copy = Array(copy.prefix(Int.random(in: 0...copy.count, using: &random)))
        case 2:
            // A forged length or dimension: 0xFF bytes in the header.
            for index in 0..<min(copy.count, 40) where Bool.random(using: &random) && index > 3 { copy[index] = 0xFF }
        case 3:
            let at = Int.random(in: 0...copy.count, using: &random)
            copy.insert(contentsOf: [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 1...64, using: &random)), at: at)
        default:
            if copy.count > 8 { copy.removeSubrange(Int.random(in: 4..<copy.count, using: &random)..<copy.count) }
        }
        return copy
    }

    @Test func mutatedPicturesNeverCrashOrHang() throws {
        let folder = TemporaryDirectory("picture-fuzz")
        try PictureFixtures.make(in: folder.path)
        let seeds = try PictureFixtures.kept.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + $0))) }
            + [PictureFixtures.bombPNG()]
        var random = Generator(state: 46)
        var kept = 0
        var refused: [String: Int] = [:]
        let started = ContinuousClock.now
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &random) { bytes = Self.mutate(bytes, &random) }
            do {
                let picture = try Picture(checking: bytes)
                #expect(picture.width > 0 && picture.height > 0 && picture.width * picture.height <= 64_000_000)
                kept += 1
            } catch {
                refused[error.code, default: 0] += 1
            }
        }
        #expect(kept > 0)
        #expect(refused["picture.corrupt", default: 0] > 0 && refused["picture.unsupported", default: 0] > 0)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
