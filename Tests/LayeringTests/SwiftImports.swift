import Foundation

/// The `import` lines of a Swift source.
enum SwiftImports {
    /// The modules a source imports (`import X`, `@testable import X`,
    /// `import struct X.Y`, `@preconcurrency import X`), with line numbers.
    static func imports(in source: String) -> [(module: String, line: Int)] {
        let regex = try! NSRegularExpression(
            pattern: #"^\s*(?:@[A-Za-z_]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias|actor)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
        var result: [(String, Int)] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                  let range = Range(match.range(at: 1), in: text) else { continue }
            result.append((String(text[range]), number + 1))
        }
        return result
    }
}
