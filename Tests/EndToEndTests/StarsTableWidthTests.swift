import Foundation
import Testing
import TestSupport

/// `facet stars` with one 300-character description, at the widths people
/// use: the description is cut with an ellipsis, and every other column —
/// the sorted-by Starred and Last push included — stays on every row.
@Suite struct StarsTableWidthTests {
    @Test func aLongDescriptionIsCutAndNoColumnDrops() throws {
        let home = TemporaryDirectory("facet-stars-width")
        let server = try FixtureServer()
        let environment = ["TZ": "UTC"]
        #expect(try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path).status == 0)
        let set = try FacetProcess.run(
            ["settings", "set-field", "github-user", "wordy", "set-field", "github-base-url", server.baseURL], home: home.path)
        #expect(set.status == 0, "\(set.stderr)")
        for columns in [80, 200] {
            let result = try FacetProcess.run(["stars"], home: home.path, environment: environment.merging(["COLUMNS": "\(columns)"]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            // For a pipe, the header goes to stderr and the rows to stdout.
            let lines = (result.stderr + "\n" + result.stdout).components(separatedBy: "\n")
            let header = try #require(lines.first { $0.hasPrefix("FULL_NAME") }, "\(result.stdout)")
            for name in ["DESCRIPTION", "LANGUAGE", "STARS", "STARRED_AT ▼", "PUSHED_AT"] {
                #expect(header.contains(name), "COLUMNS=\(columns): \(header)")
            }
            let rows = lines.filter { $0.hasPrefix("owner") }
            #expect(rows.count == 3, "\(result.stdout)")
            for line in [header] + rows { #expect(line.count <= columns, "COLUMNS=\(columns): \(line)") }
            let long = try #require(rows.first { $0.hasPrefix("owner2/") })
            #expect(long.contains("A description"), "\(long)")
            #expect(long.contains("…") && !long.contains("!"), "\(long)")
            // Every row ends with its two dates, whole.
            for row in rows {
                #expect(row.range(of: "[0-9]{4}-[0-9]{2}-[0-9]{2} +[0-9]{4}-[0-9]{2}-[0-9]{2}$", options: .regularExpression) != nil, "\(row)")
            }
        }
        withExtendedLifetime(server) {}
    }
}
