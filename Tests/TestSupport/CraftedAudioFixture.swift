import Foundation

/// Hostile audio files, made byte by byte: the shapes that crash a tag
/// library that trusts its input (an exception a static executable cannot
/// unwind; recursion as deep as the file is nested).
public enum CraftedAudioFixture {
    /// A FLAC of a stream header and a Vorbis comment whose text is Latin-1,
    /// not the UTF-8 the format requires (as older taggers wrote it): under
    /// 200 bytes. Decoding it makes TagLib throw internally.
    public static func latin1FLAC() -> Data {
        var info: [UInt8] = [0x10, 0x00, 0x10, 0x00, 0, 0, 0, 0, 0, 0]  // block sizes, frame sizes unknown
        // 44,100 Hz, 2 channels, 16 bits, 44,100 samples: 20 + 3 + 5 + 36 bits.
        let packed = UInt64(44_100) << 44 | UInt64(1) << 41 | UInt64(15) << 36 | UInt64(44_100)
        info += withUnsafeBytes(of: packed.bigEndian, Array.init)
        info += [UInt8](repeating: 0, count: 16)  // no MD5
        func text(_ bytes: [UInt8]) -> [UInt8] { withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes }
        let comment = text(Array("ref".utf8)) + withUnsafeBytes(of: UInt32(2).littleEndian, Array.init)
            + text(Array("TITLE=Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me".utf8))
            + text(Array("ARTIST=Bj".utf8) + [0xF6] + Array("rk".utf8))
        func block(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
            [type, UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)] + body
        }
        return Data(Array("fLaC".utf8) + block(0, info) + block(0x84, comment))
    }

    /// An MP4 (`.m4a`) whose movie atom holds a movie atom `depth` times
    /// over: eight bytes a level, 800 KB at the default depth.
    public static func nestedMoovMP4(depth: Int = 100_000) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + 8 * depth)
        bytes += be32(20) + Array("ftypM4A ".utf8) + be32(0) + Array("M4A ".utf8)
        for level in 0..<depth { bytes += be32(8 * (depth - level)) + Array("moov".utf8) }
        return Data(bytes)
    }

    /// An MP3 whose ID3v2.4 tag holds a chapter frame (`CHAP`) inside a
    /// chapter frame `depth` times over (ID3v2 chapters may embed frames),
    /// then one MPEG frame header.
    public static func nestedChapterMP3(depth: Int = 30_000) -> Data {
        // Each level: a 10-byte frame header, the element id "a\0", and four
        // 32-bit times and offsets; the level inside follows.
        let perLevel = 10 + 2 + 16
        var frames: [UInt8] = []
        frames.reserveCapacity(perLevel * depth)
        for level in 0..<depth {
            let bodySize = (depth - level) * perLevel - 10
            frames += Array("CHAP".utf8) + syncsafe(bodySize) + [0, 0] + Array("a".utf8) + [0] + [UInt8](repeating: 0, count: 16)
        }
        let header = Array("ID3".utf8) + [4, 0, 0] + syncsafe(frames.count)
        return Data(header + frames + [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 413))
    }

    /// `seed` with `count` of its bytes (never the first `keep`) replaced by
    /// bytes from `generator`: the mutations a fuzzer makes of a valid file.
    public static func mutated(_ seed: Data, count: Int, keep: Int = 4, using generator: inout some RandomNumberGenerator) -> Data {
        var bytes = [UInt8](seed)
        guard bytes.count > keep else { return seed }
        for _ in 0..<count { bytes[Int.random(in: keep..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes)
    }

    static func be32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).bigEndian, Array.init) }

    static func syncsafe(_ value: Int) -> [UInt8] {
        [UInt8(value >> 21 & 0x7F), UInt8(value >> 14 & 0x7F), UInt8(value >> 7 & 0x7F), UInt8(value & 0x7F)]
    }
}
