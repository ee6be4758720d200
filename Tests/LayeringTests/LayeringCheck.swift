import Foundation

/// What a target is, for the rules of `LayeringRules`.
enum Role: Equatable {
    /// Tests and tools: no rule.
    case exempt
    /// A module with one fixed list (kernel, machine interface, front end,
    /// executable, system library).
    case fixed(Set<String>, frontEnd: Bool)
    case featureLayer(feature: String, layer: String)
    case composition
    case launcher

    var feature: String? { if case let .featureLayer(feature, _) = self { feature } else { nil } }

    /// How a target is classified; nil: no rule covers it.
    static func of(_ target: PackageGraph.Target) -> Role? {
        typealias R = LayeringRules
        if target.kind == "test" || R.exemptFolders.contains(where: target.path.hasPrefix) { return .exempt }
        if target.kind == "system" { return R.systemLibraries.contains(target.name) ? .fixed([], frontEnd: false) : nil }
        if let uses = R.frontEnds[target.name] { return .fixed(uses, frontEnd: true) }
        if let uses = R.kernel[target.name] ?? R.machineInterfaces[target.name] ?? R.executables[target.name] {
            return .fixed(uses, frontEnd: false)
        }
        if target.name == R.compositionTarget { return .composition }
        if target.name == R.launcher { return .launcher }
        if target.path.hasPrefix(R.featuresFolder) {
            let parts = target.path.dropFirst(R.featuresFolder.count).split(separator: "/").map(String.init)
            if parts.count == 2, R.featureLayer[parts[1]] != nil, target.name == parts[0] + parts[1] {
                return .featureLayer(feature: parts[0], layer: parts[1])
            }
        }
        return nil
    }
}

/// Every breach of the layering rules in a package graph and the text of
/// its sources (keyed by path relative to the root). Pure: the tests give it
/// the real package or small fixtures.
func violations(graph: PackageGraph, sources: [String: String]) -> [String] {
    typealias R = LayeringRules
    var problems: [String] = []
    let roles = Dictionary(graph.targets.map { ($0.name, Role.of($0)) }, uniquingKeysWith: { first, _ in first })
    /// Feature modules by name, with their feature.
    var featureOf: [String: String] = [:]
    for case let (name, .featureLayer(feature, _)?) in roles { featureOf[name] = feature }
    let frontEndNames = Set(graph.targets.map(\.name)).intersection(R.frontEnds.keys)
    let files = sources.keys.sorted()

    for target in graph.targets {
        guard let role = roles[target.name] ?? nil else {
            problems.append("\(target.name) (\(target.path)) has no layering rule: classify it in LayeringRules (and docs/ARCHITECTURE.md)")
            continue
        }
        if role == .exempt { continue }

        /// What `module` is, for a message.
        func why(_ module: String, from feature: String?) -> String? {
            if let other = featureOf[module], other != feature {
                return "\(module), a module of the feature \(other): a feature never uses another feature's modules"
            }
            return nil
        }

        // The manifest's dependencies.
        let ownFeature = role.feature
        let declared = manifestRule(for: role, featureOf: featureOf, frontEnds: frontEndNames)
        for dependency in target.dependencies where !declared.contains(dependency) {
            let what = why(dependency, from: ownFeature) ?? "\(dependency), which its rule does not allow"
            problems.append("Package.swift: \(target.name) depends on \(what)")
        }

        // Each source file's imports.
        for file in files where target.owns(file) {
            let source = sources[file]!
            let name = (file as NSString).lastPathComponent
            let (allowed, who, feature) = importRule(for: role, target: target, file: file, featureOf: featureOf)
            for (module, line) in SwiftImports.imports(in: source) where !R.toolchain.contains(module) && !allowed.contains(module) {
                if role == .launcher, frontEndNames.contains(module) {
                    problems.append("\(file):\(line): the launcher imports the front end \(module) outside \(R.registryFile): front ends are reached only through the registry")
                } else if role == .composition, feature == nil, featureOf[module] != nil {
                    problems.append("\(file):\(line): the composition root imports \(module): a feature is wired only by its own Feature folder")
                } else if case .fixed(_, frontEnd: true) = role, frontEndNames.contains(module) {
                    problems.append("\(file):\(line): \(who) imports the front end \(module): front ends never use each other")
                } else {
                    let what = why(module, from: feature) ?? "\(module), which its rule does not allow (allowed: \(allowed.sorted().joined(separator: ", ")))"
                    problems.append("\(file):\(line): \(who) imports \(what)")
                }
            }
            // A module seen only through another one's dependencies is not
            // this target's to use: the manifest says what each target uses.
            for (module, line) in SwiftImports.imports(in: source)
            where allowed.contains(module) && module != target.name && !target.dependencies.contains(module) {
                problems.append("\(file):\(line): \(who) imports \(module), which \(target.name) does not depend on in Package.swift")
            }
            // The launcher outside its registry names no front end at all
            // (a type, a member): the import is not the only way in.
            if role == .launcher, name != R.registryFile {
                problems += launcherMentions(of: frontEndNames, in: source, file: file)
            }
        }
    }
    return problems
}

/// What a target may depend on in the manifest.
func manifestRule(for role: Role, featureOf: [String: String], frontEnds: Set<String>) -> Set<String> {
    typealias R = LayeringRules
    switch role {
    case .exempt: return []
    case let .fixed(uses, _): return uses
    case let .featureLayer(feature, layer): return featureLayerUses(feature, layer)
    // Composition links every feature for its wiring files.
    case .composition: return R.composition.union(R.wiring).union(featureOf.keys)
    case .launcher: return R.launcherUses.union(frontEnds)
    }
}

/// What one source file of a target may import, who it is in a message,
/// and the feature it belongs to: a wiring file is its feature's, though
/// compiled into Composition.
func importRule(
    for role: Role, target: PackageGraph.Target, file: String, featureOf: [String: String]
) -> (allowed: Set<String>, who: String, feature: String?) {
    typealias R = LayeringRules
    switch role {
    case .composition:
        if let wired = wiredFeature(file) {
            return (R.wiring.union(featureOf.filter { $0.value == wired }.keys), "the wiring of \(wired)", wired)
        }
        return (R.composition, "the composition root", nil)
    case .launcher:
        let registry = (file as NSString).lastPathComponent == R.registryFile
        return (registry ? R.registryUses : R.launcherUses, target.name, nil)
    default:
        return (manifestRule(for: role, featureOf: featureOf, frontEnds: []), target.name, role.feature)
    }
}

/// What a feature's layer may use: its kernel layer, its own Domain and its extras.
func featureLayerUses(_ feature: String, _ layer: String) -> Set<String> {
    var uses = LayeringRules.featureLayer[layer] ?? []
    if layer != "Domain" { uses.insert(feature + "Domain") }
    return uses.union(LayeringRules.featureExtras[feature]?[layer] ?? [])
}

/// The feature whose wiring `file` is (Modules/Features/NAME/Feature/…).
func wiredFeature(_ file: String) -> String? {
    let prefix = LayeringRules.featuresFolder
    guard file.hasPrefix(prefix) else { return nil }
    let parts = file.dropFirst(prefix.count).split(separator: "/")
    return parts.count >= 3 && parts[1] == "Feature" ? String(parts[0]) : nil
}

/// Lines of a launcher file, outside comments and imports, that name a
/// front-end module.
func launcherMentions(of frontEnds: Set<String>, in source: String, file: String) -> [String] {
    guard !frontEnds.isEmpty else { return [] }
    let pattern = "\\b(" + frontEnds.sorted().joined(separator: "|") + ")\\b"
    let regex = try! NSRegularExpression(pattern: pattern)
    let importLines = Set(SwiftImports.imports(in: source).map(\.line))
    var problems: [String] = []
    for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard !importLines.contains(number + 1),
              let match = regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
              let range = Range(match.range(at: 1), in: code) else { continue }
        problems.append("\(file):\(number + 1): the launcher names the front end \(code[range]) outside \(LayeringRules.registryFile): front ends are reached only through the registry")
    }
    return problems
}
