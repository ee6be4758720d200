import Foundation
import KernelDomain
@testable import KernelServices
import Testing

/// The bytes a command list sends, and the URI each song path becomes:
/// worked out on UTF-8 bytes, so what a byte slice gives must be what MPD
/// reads (quotes and backslashes escaped, non-ASCII names intact).
@Suite struct MPDCommandsTests {
    @Test func argumentsAreQuotedAndEachCommandsEndIsKept() {
        var commands = MPDCommands()
        commands.append("clear")
        commands.append("add", [], last: Array(#"a "b" \c é.flac"#.utf8))
        commands.append("playlistadd", ["Road \"Trip\""], last: Array("x.flac".utf8))
        #expect(String(decoding: commands.bytes, as: UTF8.self)
            == "clear\nadd \"a \\\"b\\\" \\\\c é.flac\"\nplaylistadd \"Road \\\"Trip\\\"\" \"x.flac\"\n")
        #expect(commands.count == 3)
        #expect(String(decoding: commands.bytes(of: 1..<2), as: UTF8.self) == "add \"a \\\"b\\\" \\\\c é.flac\"\n")
        #expect(String(decoding: commands.bytes(of: 2..<3), as: UTF8.self).hasPrefix("playlistadd "))
        #expect(commands.bytes(of: 3..<3).isEmpty)
    }

    @Test func songPathsBecomeMPDsURIs() {
        let tcp = MPDSongURIs(musicDirectory: "/srv/mü sic", localSocket: false)
        func uri(_ uris: MPDSongURIs, _ location: String?) -> String? { try? uris.uri(for: location).get().description }
        #expect(uri(tcp, "/srv/mü sic/a/drei é.flac") == "a/drei é.flac")
        #expect(uri(tcp, "file:///srv/m%C3%BC%20sic/b.flac") == "b.flac")
        #expect(uri(tcp, "a/relative.flac") == "a/relative.flac")
        #expect(uri(tcp, "http://radio.example/stream") == "http://radio.example/stream")
        // A folder whose name only starts the same is not inside it.
        #expect(uri(tcp, "/srv/mü sicians/c.flac") == nil)
        #expect(uri(tcp, "/elsewhere/d.flac") == nil)
        #expect(uri(tcp, nil) == nil)
        #expect(uri(tcp, "") == nil)
        let local = MPDSongURIs(musicDirectory: nil, localSocket: true)
        #expect(uri(local, "/elsewhere/d.flac") == "file:///elsewhere/d.flac")
        // An absolute path is a path, whatever its names hold.
        #expect(uri(tcp, "/srv/mü sic/odd://name.flac") == "odd://name.flac")
    }
}
