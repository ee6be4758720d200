import Foundation
import Testing
import TestSupport

/// A figure the README states about the product (not a benchmark, which
/// docs/BENCHMARKS.md generates) is measured here, so it cannot go stale.
@Suite struct READMEFiguresTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// A user's guide, not a reference: the tables live in docs/REFERENCE.md.
    @Test func theREADMEStaysAGuide() throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 451, "README.md has \(lines.count) lines")
    }

    /// "the full list is about N KB": what `tools/list` answers, within a tenth.
    @Test func theMCPToolListIsAsLargeAsTheREADMESays() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
        let match = try #require(text.firstMatch(of: /the full list is about (\d+) KB/), "the README states no size")
        let stated = try #require(Double(String(match.1)))
        let home = TemporaryDirectory("facet-mcp-size")
        let input = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        ].joined(separator: "\n") + "\n"
        let result = try FacetProcess.run(["--ui", "mcp"], home: home.path, stdin: input, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try #require(result.stdout.split(separator: "\n").last { $0.contains(#""id":2"#) })
        let kilobytes = Double(answer.utf8.count) / 1000
        #expect(abs(kilobytes - stated) <= stated / 10, "tools/list is \(Int(kilobytes)) KB; the README says about \(Int(stated)) KB")
    }
}
