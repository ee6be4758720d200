import Foundation

/// The package's targets as SwiftPM itself evaluates `Package.swift`
/// (`swift package dump-package`): features are found by listing a folder
/// when the manifest runs, which no reading of its text can see.
struct PackageGraph: Sendable {
    struct Target: Sendable, Equatable {
        var name: String
        /// `regular`, `executable`, `test`, `system`, … as SwiftPM says.
        var kind: String
        /// Relative to the package root.
        var path: String
        /// Targets and products named in `dependencies:`.
        var dependencies: [String]
        /// `sources:` when the target lists them (relative to `path`).
        var sources: [String]? = nil
        var exclude: [String] = []

        /// The folders (or files) the target compiles, relative to the root.
        var roots: [String] { (sources ?? [""]).map { Self.join(path, $0) } }

        /// Whether a file (relative to the root) is one of this target's sources.
        func owns(_ file: String) -> Bool {
            func inside(_ folder: String) -> Bool { file == folder || file.hasPrefix(folder + "/") }
            return roots.contains(where: inside) && !exclude.map { Self.join(path, $0) }.contains(where: inside)
        }

        static func join(_ base: String, _ child: String) -> String {
            child.isEmpty ? base : base + "/" + child
        }
    }

    var targets: [Target]

    func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// The repository root, found from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The graph, read once per test process.
    static let current: Result<PackageGraph, LoadError> = Result { try load() }
        .mapError { $0 as? LoadError ?? LoadError(description: "\($0)") }

    /// Runs `swift package dump-package` in the package root, with a deadline
    /// (in a scratch folder of its own: see `SwiftPMCommand`).
    ///
    /// `dump-package` only evaluates the root manifest, so an empty scratch
    /// folder needs no dependency checkout. Uncached: SwiftPM caches a
    /// manifest's evaluation by its text, and this one lists
    /// Modules/Features when it runs, so a cached graph would leave out a
    /// feature folder added since.
    static func load(root: URL = repositoryRoot, deadline: TimeInterval = 180) throws -> PackageGraph {
        let output = try SwiftPMCommand.run(
            ["--manifest-cache", "none", "dump-package"], command: ["package"], root: root, deadline: deadline)
        guard output.status == 0 else {
            throw LoadError(description: "swift package dump-package failed (\(output.status)): \(output.stderr)")
        }
        return try decode(output.stdout)
    }

    /// The targets of `dump-package`'s JSON.
    static func decode(_ json: Data) throws -> PackageGraph {
        guard let top = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = top["targets"] as? [[String: Any]] else {
            throw LoadError(description: "dump-package's output has no targets")
        }
        return PackageGraph(targets: try targets.map { target in
            guard let name = target["name"] as? String, let kind = target["type"] as? String else {
                throw LoadError(description: "a target without a name or type in dump-package's output")
            }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                // {"byName": [name, condition]}, {"target": [name, …]}, {"product": [name, package, …]}
                dependency.values.first.flatMap { ($0 as? [Any])?.first as? String }
            }
            let folder = kind == "test" ? "Tests" : "Sources"
            return Target(
                name: name, kind: kind, path: target["path"] as? String ?? "\(folder)/\(name)",
                dependencies: dependencies, sources: target["sources"] as? [String],
                exclude: target["exclude"] as? [String] ?? [])
        })
    }

    /// The Swift files of `targets` with their text, keyed by their path
    /// relative to `root`: what the rules read imports from.
    static func sources(of targets: [Target], root: URL = repositoryRoot) throws -> [String: String] {
        var files: [String: String] = [:]
        for target in targets {
            for start in target.roots {
                let base = root.appendingPathComponent(start)
                guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
                for case let relative as String in walker where relative.hasSuffix(".swift") {
                    let file = start + "/" + relative
                    guard target.owns(file) else { continue }
                    files[file] = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                }
            }
        }
        return files
    }
}
