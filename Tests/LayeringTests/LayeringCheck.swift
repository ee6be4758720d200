import Foundation

/// What a target is, for the rules of `LayeringRules`.
enum Role: Equatable {
    /// Tests and tools: no rule.
    case exempt
    /// A module with one fixed list (kernel, machine interface, front end,
    /// executable, system library).
    case fixed(Set<String>, frontEnd: Bool)
    case featureLayer(feature: String, layer: String)
    /// A feature's wiring module (Modules/Features/NAME/Feature).
    case wiring(feature: String)
    case composition
    case launcher

    var feature: String? {
        switch self {
        case let .featureLayer(feature, _), let .wiring(feature): feature
        default: nil
        }
    }

    /// How a target is classified; nil: no rule covers it.
    static func of(_ target: PackageGraph.Target) -> Role? {
        typealias R = LayeringRules
        if target.kind == "test" || R.exemptFolders.contains(where: target.path.hasPrefix) { return .exempt }
        if target.kind == "system" { return R.systemLibraries.contains(target.name) ? .fixed([], frontEnd: false) : nil }
        if let uses = R.frontEnds[target.name] { return .fixed(uses, frontEnd: true) }
        if let uses = R.kernel[target.name] ?? R.machineInterfaces[target.name] ?? R.faceLibraries[target.name]
            ?? R.executables[target.name] {
            return .fixed(uses, frontEnd: false)
        }
        if target.name == R.compositionTarget { return .composition }
        if target.name == R.launcher { return .launcher }
        if target.path.hasPrefix(R.featuresFolder) {
            let parts = target.path.dropFirst(R.featuresFolder.count).split(separator: "/").map(String.init)
            if parts.count == 2, R.featureLayer[parts[1]] != nil, target.name == parts[0] + parts[1] {
                return .featureLayer(feature: parts[0], layer: parts[1])
            }
            if parts.count == 2, parts[1] == R.wiringFolder, target.name == parts[0] + R.wiringSuffix {
                return .wiring(feature: parts[0])
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
    /// Feature modules by name, with their feature: its layers, and apart
    /// its wiring module.
    var featureOf: [String: String] = [:]
    var wiringOf: [String: String] = [:]
    for case let (name, .featureLayer(feature, _)?) in roles { featureOf[name] = feature }
    for case let (name, .wiring(feature)?) in roles { wiringOf[name] = feature }
    let frontEndNames = Set(graph.targets.map(\.name)).intersection(R.frontEnds.keys)
    let files = sources.keys.sorted()
    let featureTypes = featureTypeNames(graph: graph, roles: roles, sources: sources)

    for target in graph.targets {
        guard let role = roles[target.name] ?? nil else {
            problems.append("\(target.name) (\(target.path)) has no layering rule: classify it in LayeringRules (and docs/ARCHITECTURE.md)")
            continue
        }
        if role == .exempt { continue }

        /// What `module` is, for a message.
        func why(_ module: String, from feature: String?) -> String? {
            if let other = featureOf[module] ?? wiringOf[module], other != feature {
                return "\(module), a module of the feature \(other): a feature never uses another feature's modules"
            }
            return nil
        }

        // The manifest's dependencies.
        let ownFeature = role.feature
        let declared = manifestRule(for: role, featureOf: featureOf, wiringOf: wiringOf, frontEnds: frontEndNames)
        for dependency in target.dependencies where !declared.contains(dependency) {
            let what = why(dependency, from: ownFeature) ?? "\(dependency), which its rule does not allow"
            problems.append("Package.swift: \(target.name) depends on \(what)")
        }

        // Each source file's imports.
        for file in files where target.owns(file) {
            let source = sources[file]!
            let name = (file as NSString).lastPathComponent
            let (allowed, who, feature) = importRule(
                for: role, target: target, file: file, featureOf: featureOf, wiringOf: wiringOf)
            let featuresList = role == .composition && name == R.featuresListFile
            for (module, line) in SwiftImports.imports(in: source) where !R.toolchain.contains(module) && !allowed.contains(module) {
                if role == .launcher, frontEndNames.contains(module) {
                    problems.append("\(file):\(line): the launcher imports the front end \(module) outside \(R.registryFile): front ends are reached only through the registry")
                } else if role == .composition, featureOf[module] != nil {
                    problems.append("\(file):\(line): the composition root imports \(module): a feature is wired only by its own wiring module")
                } else if role == .composition, wiringOf[module] != nil {
                    problems.append("\(file):\(line): the composition root imports \(module) outside \(R.featuresListFile): features are listed there and reached only through the Feature API")
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
                for (line, module) in mentions(of: frontEndNames, in: source) {
                    problems.append("\(file):\(line): the launcher names the front end \(module) outside \(R.registryFile): front ends are reached only through the registry")
                }
            }
            // The composition root outside its features list names no
            // feature's type (a cast, a call): it sees features as `Feature`.
            if role == .composition, !featuresList {
                for (line, type) in mentions(of: Set(featureTypes.keys), in: source) {
                    problems.append("\(file):\(line): the composition root names \(type), a type of \(featureTypes[type]!), outside \(R.featuresListFile): it reaches features only through the Feature API")
                }
            }
        }
    }
    return problems
}

/// What a target may depend on in the manifest.
func manifestRule(
    for role: Role, featureOf: [String: String], wiringOf: [String: String], frontEnds: Set<String>
) -> Set<String> {
    typealias R = LayeringRules
    switch role {
    case .exempt: return []
    case let .fixed(uses, _): return uses
    case let .featureLayer(feature, layer): return featureLayerUses(feature, layer)
    case let .wiring(feature): return R.wiring.union(featureOf.filter { $0.value == feature }.keys)
    // Composition links every feature's wiring module, for its features list.
    case .composition: return R.composition.union(wiringOf.keys)
    case .launcher: return R.launcherUses.union(frontEnds)
    }
}

/// What one source file of a target may import, who it is in a message,
/// and the feature it belongs to: of the composition root, only the
/// features list imports wiring modules.
func importRule(
    for role: Role, target: PackageGraph.Target, file: String, featureOf: [String: String], wiringOf: [String: String]
) -> (allowed: Set<String>, who: String, feature: String?) {
    typealias R = LayeringRules
    switch role {
    case .composition:
        if (file as NSString).lastPathComponent == R.featuresListFile {
            return (R.composition.union(wiringOf.keys), "the features list", nil)
        }
        return (R.composition, "the composition root", nil)
    case .launcher:
        let registry = (file as NSString).lastPathComponent == R.registryFile
        return (registry ? R.registryUses : R.launcherUses, target.name, nil)
    case let .wiring(feature):
        return (manifestRule(for: role, featureOf: featureOf, wiringOf: wiringOf, frontEnds: []), "the wiring of \(feature)", feature)
    default:
        return (manifestRule(for: role, featureOf: featureOf, wiringOf: wiringOf, frontEnds: []), target.name, role.feature)
    }
}

/// What a feature's layer may use: its kernel layer, its own Domain and its extras.
func featureLayerUses(_ feature: String, _ layer: String) -> Set<String> {
    var uses = LayeringRules.featureLayer[layer] ?? []
    if layer != "Domain" { uses.insert(feature + "Domain") }
    return uses.union(LayeringRules.featureExtras[feature]?[layer] ?? [])
}

/// The types the wiring modules declare (their `Feature` classes first of
/// all), each with its module: what the composition root must not name
/// outside its features list.
func featureTypeNames(graph: PackageGraph, roles: [String: Role?], sources: [String: String]) -> [String: String] {
    let declaration = try! NSRegularExpression(pattern: #"\b(?:class|struct|enum|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    var names: [String: String] = [:]
    for target in graph.targets {
        guard case .wiring? = roles[target.name] ?? nil else { continue }
        for (file, source) in sources where target.owns(file) {
            for line in source.split(separator: "\n") {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                for match in declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                    if let range = Range(match.range(at: 1), in: code) { names[String(code[range])] = target.name }
                }
            }
        }
    }
    return names
}

/// Where a source, outside comments and imports, names one of `names`:
/// each line's number and the first name on it.
func mentions(of names: Set<String>, in source: String) -> [(line: Int, name: String)] {
    guard !names.isEmpty else { return [] }
    let pattern = "\\b(" + names.sorted().joined(separator: "|") + ")\\b"
    let regex = try! NSRegularExpression(pattern: pattern)
    let importLines = Set(SwiftImports.imports(in: source).map(\.line))
    var found: [(line: Int, name: String)] = []
    for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard !importLines.contains(number + 1),
              let match = regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
              let range = Range(match.range(at: 1), in: code) else { continue }
        found.append((number + 1, String(code[range])))
    }
    return found
}
