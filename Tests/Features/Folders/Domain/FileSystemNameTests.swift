import FoldersDomain
import KernelDomain
import Testing

/// The text ↔ bytes bijection every file-system path goes through.
@Suite struct FileSystemNameTests {
    @Test func validUTF8IsItself() {
        for text in ["", "plain", "ünïcödé 😀", "日本語", "tab\there", "\u{FFFD}"] {
            #expect(FileSystemName.decode(Array(text.utf8)) == text)
            #expect(FileSystemName.bytes(of: text) == Array(text.utf8))
        }
    }

    @Test func everyByteStringRoundTripsExactly() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            [0xFF, 0xFF], [0x61, 0xFF, 0x62], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],  // lone surrogate
            [0xF4, 0x8F, 0xBF, 0x80],  // U+10FFC0: inside the escape block itself
            [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], Array("ok".utf8) + [0x80],
        ] + (0..<500).map { _ in (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) } }
        for bytes in samples {
            let text = FileSystemName.decode(bytes)
            #expect(FileSystemName.bytes(of: text) == bytes, "\(bytes)")
        }
        // Different bytes never share a text: the lookalike stays distinct.
        #expect(FileSystemName.decode([0xFF, 0xFF]) != "\u{FFFD}\u{FFFD}")
    }

    @Test func textThatNamesNoPathIsRefused() {
        #expect(FileSystemName.bytes(of: "/tmp\u{0}/x") == nil)
        #expect(FileSystemName.cString(of: "a\u{0}") == nil)
        // An escape for "A" (which is valid UTF-8) is not what any name decodes to.
        #expect(FileSystemName.bytes(of: "\u{10FF41}") == nil)
        #expect(FileSystemName.cString(of: "abc") == [97, 98, 99, 0])
    }
}
