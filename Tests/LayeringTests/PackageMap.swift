import Foundation

/// The targets of `Package.swift` and the imports of their sources, read as
/// text (no build needed): what the layering rules are checked against.
struct PackageMap {
    struct Target {
        var name: String
        var kind: String  // target, executableTarget, testTarget, systemLibrary
        var path: String
        /// Targets and products named in `dependencies:`.
        var dependencies: [String]
    }

    let root: URL
    let targets: [Target]

    /// The repository root, found from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init(root: URL = PackageMap.repositoryRoot) throws {
        self.root = root
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        targets = Self.targets(in: manifest)
    }

    /// Every `.target(…)`-like call with its name, path and dependencies.
    static func targets(in manifest: String) -> [Target] {
        let call = try! NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|systemLibrary)\("#)
        let string = manifest
        var found: [Target] = []
        for match in call.matches(in: string, range: NSRange(string.startIndex..., in: string)) {
            guard let kindRange = Range(match.range(at: 1), in: string),
                  let open = Range(match.range, in: string)?.upperBound else { continue }
            let body = balanced(string, from: open, open: "(", close: ")")
            guard let name = first(#"name:\s*"([^"]+)""#, in: body) else { continue }
            var dependencies: [String] = []
            if let start = body.range(of: "dependencies:")?.upperBound,
               let bracket = body[start...].firstIndex(of: "[") {
                var list = balanced(body, from: body.index(after: bracket), open: "[", close: "]")
                dependencies += all(#"\.product\(\s*name:\s*"([^"]+)""#, in: list)
                list = list.replacingOccurrences(
                    of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies += all(#""([^"]+)""#, in: list)
            }
            let path = first(#"path:\s*"([^"]+)""#, in: body) ?? "Sources/\(name)"
            found.append(Target(name: name, kind: String(string[kindRange]), path: path, dependencies: dependencies))
        }
        return found
    }

    /// The text after `from` up to the bracket that closes the one before it.
    static func balanced(_ text: String, from start: String.Index, open: Character, close: Character) -> String {
        var depth = 1
        var index = start
        var inString = false
        while index < text.endIndex {
            let c = text[index]
            if c == "\"" { inString.toggle() }
            if !inString {
                if c == open { depth += 1 }
                if c == close {
                    depth -= 1
                    if depth == 0 { return String(text[start..<index]) }
                }
            }
            index = text.index(after: index)
        }
        return String(text[start...])
    }

    static func first(_ pattern: String, in text: String) -> String? { all(pattern, in: text).first }

    static func all(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Every Swift file under a target's path (relative to the root).
    func sources(of target: Target) -> [String] {
        let base = root.appendingPathComponent(target.path)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { target.path + "/" + $0 }
    }

    func contents(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

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
