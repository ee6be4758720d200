import Foundation
import Testing
import TestSupport

/// docs/TESTING.md's feature × face table is what the tests' tags say
/// (Tools/coverage-matrix.py), and every cell is covered.
@Suite struct CoverageMatrixTests {
    static let root = FixtureServer.repositoryRoot

    func script(_ argument: String) throws -> FacetProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root + "/Tools/coverage-matrix.py", argument]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = ChildDeadline(process, seconds: 60)
        let errors = DispatchQueue(label: "coverage-matrix stderr")
        nonisolated(unsafe) var stderr = Data()
        errors.async { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        errors.sync {}
        return .init(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func theCommittedTableIsTheOneTheTestsGive() throws {
        let check = try script("--check")
        #expect(check.status == 0, "\(check.stderr)")
        let document = try String(contentsOfFile: Self.root + "/docs/TESTING.md", encoding: .utf8)
        let generated = try script("--print").stdout
        #expect(generated.split(separator: "\n").count == 7)  // a header, a rule, five features
        #expect(document.contains(generated))
    }

    @Test func everyFeatureGoesThroughEveryFace() throws {
        let rows = try script("--print").stdout.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 5)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst()
            #expect(cells.count == 6, "\(row)")
            #expect(cells.allSatisfy { $0 == "yes" }, "a face this feature never goes through: \(row)")
        }
    }
}
