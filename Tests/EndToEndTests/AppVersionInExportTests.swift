import Foundation
import Testing
import TestSupport

/// What a feature needs of the app comes through its context, not from the
/// app itself: the folders feature's ncdu export names the version
/// `facet --version` prints, handed to it as `FeatureContext.version`.
@Suite struct AppVersionInExportTests {
    @Test func anExportNamesTheAppsVersion() throws {
        let home = TemporaryDirectory()
        let root = TemporaryDirectory("facet-export-version")
        root.file("a.txt", "a")
        let version = try FacetProcess.run(["--version"], home: home.path, timeout: 60)
        #expect(version.status == 0)
        let number = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "facet ", with: "")
        try #require(!number.isEmpty, "\(version.stdout)")

        let file = home.path + "/export.json"
        let exported = try FacetProcess.run(["folders", root.path, "export", file], home: home.path, timeout: 60)
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("[1,2,{\"progname\":\"facet\",\"progver\":\"\(number)\","), "\(text.prefix(120))")
    }
}
