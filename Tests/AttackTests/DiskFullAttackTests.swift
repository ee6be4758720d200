import Foundation
import Testing
import TestSupport

/// A full disk on standard output (`/dev/full`: every write fails with
/// ENOSPC): reported once, exit 1, never a crash, in every output mode.
@Suite struct DiskFullAttackTests {
    let home = TemporaryDirectory("facet-attack-home")

    @Test(arguments: ["", "--json", "--jsonl"])
    func aFullDiskOnStdoutIsReportedOnceAndExitsOne(mode: String) async throws {
        let result = try await Attack.shell(#""$FACET" playlist Sample \#(mode) > /dev/full"#, home: home.path)
        #expect(result.status == 1, "\(mode): \(result.stderr)")
        #expect(!Attack.crashed(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "cannot write").count == 2, "reported once: \(result.stderr)")
    }
}
