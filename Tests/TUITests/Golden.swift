import Foundation
import Testing

/// Golden text files beside the tests. Run with `FACET_UPDATE_GOLDEN=1` to
/// (re)write them, read the diff, and commit them.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name + ".txt")
        let framed = text + "\n"
        if ProcessInfo.processInfo.environment["FACET_UPDATE_GOLDEN"] != nil {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? framed.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name).txt (run with FACET_UPDATE_GOLDEN=1)", sourceLocation: sourceLocation)
            return
        }
        if expected != framed {
            Issue.record("frame differs from \(name).txt:\n--- expected\n\(expected)--- got\n\(framed)", sourceLocation: sourceLocation)
        }
    }
}
