import Foundation
import Testing
import TestSupport

/// Closed and vanishing outputs, closed input, odd terminal widths: the CLI
/// never traps, says what went wrong once, and exits like `cat` when its
/// reader goes away.
@Suite struct OutputAttackTests {
    let home = TemporaryDirectory("facet-attack-home")

    @Test func aClosedStdoutIsReportedNotACrash() async throws {
        let result = try await Attack.shell(#""$FACET" folders /dev >&-"#, home: home.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output"))
        #expect(result.stderr.components(separatedBy: "cannot write").count == 2, "reported once")
    }

    @Test func aReaderThatGoesAwayEndsTheCLIQuietly() async throws {
        let tree = TemporaryDirectory("facet-attack-wide")
        for index in 0..<3000 { tree.file("name-long-enough-to-fill-the-pipe-\(index)", "x") }
        let script = #"""
        "$FACET" folders "$1" --files --json | head -c 10 >/dev/null
        echo "status ${PIPESTATUS[0]}"
        """#
        let result = try await Attack.shell(script.replacingOccurrences(of: "$1", with: tree.path), home: home.path)
        #expect(!Attack.crashed(result.stderr), "\(result.stderr)")
        #expect(!result.stderr.contains("Broken pipe"), "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // Quiet like `cat` killed by SIGPIPE: 141, or 0 if it finished first.
        #expect(["status 141", "status 0"].contains(result.out.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func aClosedStdinEndsJSONLinesCleanly() async throws {
        let result = try await Attack.shell(#""$FACET" --ui jsonl <&-; echo "status $?""#, home: home.path)
        #expect(result.out.hasSuffix("status 0\n"), "\(result.out) \(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
    }

    @Test(arguments: ["0", "1", "10000", "-5", "abc", ""])
    func anyTerminalWidthRenders(columns: String) async throws {
        let result = try await Attack.shell(#""$FACET" folders /usr/share/doc"#, home: home.path, environment: ["COLUMNS": columns])
        #expect(result.status == 0, "COLUMNS=\(columns): \(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(!result.stdout.isEmpty)
    }
}
