import Foundation
import Testing
import TestSupport

/// docs/BENCHMARKS.md, its chart and README's benchmarks summary say what
/// docs/benchmarks/results.jsonl holds (Tools/bench/report.py writes all
/// three from it), so a figure typed by hand or a result changed without
/// regenerating them fails here.
@Suite struct BenchmarkReportTests {
    static let root = FixtureServer.repositoryRoot
    static let script = root + "/Tools/bench/report.py"
    static let results = root + "/docs/benchmarks/results.jsonl"
    static let document = root + "/docs/BENCHMARKS.md"
    static let chart = root + "/docs/benchmarks/chart.svg"

    func check(_ extra: [String] = []) throws -> (status: Int32?, stdout: String, stderr: String) {
        try BoundedProcess.run("/usr/bin/env", ["python3", Self.script, "--check"] + extra, timeout: 60)
    }

    /// Copies of the committed results, page and chart in a scratch folder,
    /// `change` applied to one of them, checked against each other.
    func checkCopies(changing name: String, _ change: (String) -> String) throws -> (status: Int32?, stderr: String) {
        let scratch = TemporaryDirectory("facet-benchmark-report")
        var paths: [String: String] = [:]
        for (key, source) in ["results": Self.results, "doc": Self.document, "svg": Self.chart] {
            let text = try String(contentsOfFile: source, encoding: .utf8)
            let copy = scratch.path + "/" + URL(fileURLWithPath: source).lastPathComponent
            try (key == name ? change(text) : text).write(toFile: copy, atomically: true, encoding: .utf8)
            paths[key] = copy
        }
        let result = try check(["--results", paths["results"]!, "--doc", paths["doc"]!, "--svg", paths["svg"]!])
        return (result.status, result.stderr)
    }

    @Test func theCommittedPageAndChartAreTheResults() throws {
        let result = try check()
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: Self.document, encoding: .utf8)
        #expect(page.contains("| benchmark | Facet | peer | peer's figure | ratio | goal | met? |"))
        #expect(page.contains("![Facet beside its peers](benchmarks/chart.svg)"))
    }

    @Test func untouchedCopiesPass() throws {
        let result = try checkCopies(changing: "none") { $0 }
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aDoctoredResultIsRefused() throws {
        // The first figure of the results, one higher: the page no longer says it.
        let result = try checkCopies(changing: "results") { text in
            guard let range = text.range(of: #""figure": [0-9.]+"#, options: .regularExpression) else { return text }
            let value = Double(text[range].split(separator: " ")[1])!
            return text.replacingCharacters(in: range, with: "\"figure\": \(value + 1)")
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("BENCHMARKS.md is stale"))
        #expect(result.stderr.contains("chart.svg is stale"))
    }

    @Test func aFigureTypedIntoThePageIsRefused() throws {
        // One goal's verdict turned round by hand.
        let result = try checkCopies(changing: "doc") { text in
            if let met = text.range(of: "| yes |\n") {
                return text.replacingCharacters(in: met, with: "| **no** |\n")
            }
            guard let missed = text.range(of: "| **no** |\n") else { return text }
            return text.replacingCharacters(in: missed, with: "| yes |\n")
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("BENCHMARKS.md is stale"))
        #expect(!result.stderr.contains("chart.svg is stale"))
    }
}
