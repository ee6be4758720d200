import Foundation
import KernelServices
import TestSupport
import Testing

/// Facet's SHA-256 against coreutils' `sha256sum`, a peer that shares no
/// code with it, on inputs around the 64-byte block edges and fed in
/// pieces of every size the HTTP client may hand over.
@Suite struct SHA256Tests {
    static func peer(_ bytes: [UInt8]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try BoundedProcess.run("/usr/bin/sha256sum", [file.path])
        #expect(run.status == 0, "sha256sum: \(run.stderr)")
        return String(run.stdout.prefix(64))
    }

    static let lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 100_003]

    @Test(arguments: lengths) func oneShotEqualsThePeer(length: Int) throws {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let expected = try Self.peer(bytes)
        #expect(expected.count == 64)
        #expect(SHA256.hex(data: bytes) == expected)
        #expect(SHA256.hash(data: bytes).count == 32)
    }

    @Test func piecesEqualOneShot() throws {
        let bytes = (0..<10_007).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let expected = try Self.peer(bytes)
        for piece in [1, 7, 64, 1000, 20_000] {
            let hasher = SHA256Hasher()
            var start = 0
            while start < bytes.count {
                let end = min(start + piece, bytes.count)
                bytes[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            let hex = hasher.finalize().map { String(format: "%02x", $0) }.joined()
            #expect(hex == expected, "pieces of \(piece)")
        }
    }

    @Test func aSequenceWithoutContiguousStorageHashesTheSame() {
        let text = "facet ☃ session"
        #expect(SHA256.hex(data: text.utf8) == SHA256.hex(data: Array(text.utf8)))
        #expect(SHA256.hex(data: AnySequence(Array(text.utf8))) == SHA256.hex(data: Array(text.utf8)))
    }
}
