import Foundation
import Testing
import TestSupport

/// Text from outside with a C1 control (U+009B, a terminal's CSI) and a
/// bidirectional override (U+202E) in it: every JSON Facet prints carries
/// them as `\u009b` and `\u202e`, never as the raw characters, and still
/// parses back to the exact text.
@Suite(.serialized) struct JSONInvisibleControlsAttackTests {
    let home = TemporaryDirectory("facet-invisible-home")
    let files = TemporaryDirectory("facet-invisible-files")
    static let title = "Song\u{9B}31mRed\u{202E}txt.exe\u{2066}\u{85}"

    /// Imports a playlist whose one song has `title`, written raw in the file.
    func importPlaylist() async throws {
        let path = files.file("evil.json", #"{"result":[{"title":"\#(Self.title)","artist_name":"A\#u{200F}rtist"}]}"#)
        let result = try await Attack.shell("\"$FACET\" playlists import '\(path)' --name Evil", home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// No raw invisible character in the bytes; their escapes are there.
    func expectEscaped(_ bytes: Data, _ label: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in ["\u{9B}", "\u{202E}", "\u{2066}", "\u{85}", "\u{200F}"] {
            #expect(!text.contains(scalar), "\(label): raw U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        for escape in [#"\u009b"#, #"\u202e"#, #"\u2066"#, #"\u0085"#, #"\u200f"#] {
            #expect(text.contains(escape), "\(label): \(escape) missing")
        }
    }

    static func titles(_ object: Any) -> [String] {
        if let dictionary = object as? [String: Any] {
            let own = (dictionary["title"] as? String).map { [$0] } ?? []
            return own + dictionary.values.flatMap(titles)
        }
        if let array = object as? [Any] { return array.flatMap(titles) }
        return []
    }

    @Test func cliJSONEscapesThemAndParsesBack() async throws {
        try await importPlaylist()
        let result = try await Attack.shell(#""$FACET" playlist Evil --json"#, home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        expectEscaped(result.stdout, "--json")
        let parsed = try JSONSerialization.jsonObject(with: result.stdout)
        #expect(Self.titles(parsed).contains(Self.title))
    }

    @Test func cliJSONLinesEscapeThem() async throws {
        try await importPlaylist()
        let result = try await Attack.shell(#""$FACET" playlist Evil --jsonl"#, home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        expectEscaped(result.stdout, "--jsonl")
        let line = try #require(result.out.split(separator: "\n").first)
        #expect(Self.titles(try JSONSerialization.jsonObject(with: Data(line.utf8))).contains(Self.title))
    }

    @Test func theJSONLinesInterfaceEscapesThem() async throws {
        try await importPlaylist()
        let request = #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"playlist","params":{"name":"Evil"}}}"#
        let result = try await Attack.shell("printf '%s\\n' '\(request)' | \"$FACET\" --ui jsonl", home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        expectEscaped(result.stdout, "jsonl")
        let line = try #require(result.out.split(separator: "\n").first)
        #expect(Self.titles(try JSONSerialization.jsonObject(with: Data(line.utf8))).contains(Self.title))
    }
}
