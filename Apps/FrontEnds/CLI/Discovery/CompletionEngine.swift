import ScreenKit

/// What the shell completion scripts ask for: `facet __complete WORD… CURRENT`
/// prints the words that may stand where CURRENT is being typed, one per
/// line, from the registry and, for values, from the screens themselves
/// (playlist names are the `playlists` screen's items). The scripts only
/// relay it, so a new screen, action, option or value source completes with
/// no change to them. A line `:files` asks the shell to complete paths.
@MainActor
struct CompletionEngine {
    static let filesDirective = ":files"

    let catalog: any ScreenCatalog
    /// The launcher's commands and front ends (`serve`, `tui`, …).
    let frontEnds: [FrontEndInfo]

    /// A candidate list: words, and whether paths fit too.
    struct Candidates: Equatable {
        var words: [String] = []
        var files = false
    }

    /// The lines to print for `words` (the last one is the word being typed).
    func lines(_ words: [String]) async -> [String] {
        let current = Self.dequote(words.last ?? "")
        let before = words.dropLast().map(Self.dequote)
        let found = await candidates(before: Array(before), current: current)
        var seen = Set<String>()
        var lines: [String] = []
        for word in found.words where word.hasPrefix(current) && !word.contains("\n") {
            if seen.insert(word).inserted { lines.append(word) }
        }
        if found.files { lines.append(Self.filesDirective) }
        return lines
    }

    func candidates(before: [String], current: String) async -> Candidates {
        var words = before[...]
        // The launcher's options come before the screen.
        while let word = words.first, word.hasPrefix("-") {
            words.removeFirst()
            if word == "--ui" {
                guard !words.isEmpty else { return Candidates(words: frontEndNames) }
                words.removeFirst()
            } else if word == "--connect", let next = words.first, next.contains("/") || next.hasSuffix(".sock") {
                words.removeFirst()
            }
        }
        guard let first = words.first else {
            if current.hasPrefix("-") { return Candidates(words: Self.launcherOptions + Self.outputOptions) }
            return Candidates(words: catalog.screens.map(\.id) + commandNames)
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "help":
            return rest.isEmpty ? Candidates(words: catalog.screens.map(\.id) + ["--man"]) : Candidates()
        case "completion":
            return rest.isEmpty ? Candidates(words: CompletionScript.Shell.allCases.map(\.rawValue)) : Candidates()
        case "serve":
            if rest.last == "--socket" { return Candidates(files: true) }
            return Candidates(words: ["--socket"])
        default:
            guard let screen = catalog.descriptor(first) else { return Candidates() }
            return await onScreen(screen, rest, current: current)
        }
    }

    private var frontEndNames: [String] { frontEnds.filter { !$0.command }.map(\.name) }
    private var commandNames: [String] {
        frontEnds.filter(\.command).map(\.name) + GlobalHelpSections.ownCommands.map(\.name)
    }

    static let launcherOptions = ["--ui", "--connect", "--help", "--version"]
    static let outputOptions = ["--json", "--jq", "--jsonl", "--fields", "--output", "--help"]

    /// After a screen's name: its positionals, actions, options and values,
    /// walked the way `CommandLineParser` reads them.
    private func onScreen(_ screen: ScreenDescriptor, _ words: [String], current: String) async -> Candidates {
        var screenArgs = ActionArguments()
        var screenPositionals = screen.params.filter(\.positional)
        var action: ActionDescriptor?
        var actionPositionals: [ParamDescriptor] = []
        var used = Set<String>()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2).prefix { $0 != "=" })
                used.insert(name)
                if name == "fields" {
                    if index == words.count { return fieldCandidates(screen, current: current) }
                    index += 1
                    continue
                }
                if name == "jq", !word.contains("=") {
                    // A jq program: nothing to offer, and never a positional.
                    if index == words.count { return Candidates() }
                    index += 1
                    continue
                }
                guard let param = action?.params.first(where: { $0.name == name })
                    ?? screen.params.first(where: { $0.name == name }) else { continue }
                if param.kind != .bool, !word.contains("=") {
                    if index == words.count { return await values(of: param, screen: screen, screenArgs) }
                    if action == nil { screenArgs[name] = .string(words[index]) }
                    index += 1
                }
                screenPositionals.removeAll { $0.name == name }
                actionPositionals.removeAll { $0.name == name }
                continue
            }
            if action == nil, let next = screenPositionals.first,
               next.required || !screen.actions.contains(where: { $0.name == word }) {
                screenArgs[next.name] = .string(word)
                screenPositionals.removeFirst()
                continue
            }
            if action != nil, !actionPositionals.isEmpty {
                actionPositionals.removeFirst()
                continue
            }
            if let found = screen.actions.first(where: { $0.name == word }) {
                action = found
                actionPositionals = found.params.filter(\.positional)
            }
        }
        if current.hasPrefix("-") {
            let params = (action?.params ?? []) + screen.params
            let options = params.filter { !$0.positional || $0.kind == .bool }.map { "--" + $0.name }
            return Candidates(words: (options + Self.outputOptions).filter { !used.contains(String($0.dropFirst(2))) })
        }
        if let action {
            if let next = actionPositionals.first { return await values(of: next, screen: screen, screenArgs) }
            // A filled-in `set-field` may be followed by another step.
            if action.name == StandardAction.setField { return Candidates(words: screen.actions.map(\.name)) }
            return Candidates()
        }
        var result = Candidates()
        if let next = screenPositionals.first {
            result = await values(of: next, screen: screen, screenArgs)
            if next.required { return result }
        }
        result.words += screen.actions.map(\.name)
        return result
    }

    /// The values a parameter takes: its choices, paths, or the items of
    /// the screen that lists them.
    private func values(of param: ParamDescriptor, screen: ScreenDescriptor, _ screenArgs: ActionArguments) async -> Candidates {
        if let source = param.valuesFrom {
            return Candidates(words: await items(of: source.screen, field: source.field))
        }
        switch param.kind {
        case .choice: return Candidates(words: param.choices ?? [])
        case .bool: return Candidates(words: ["true", "false"])
        case .path: return Candidates(files: true)
        case .item: return Candidates(words: await items(of: ScreenRequest(screen: screen.id, params: screenArgs), field: nil))
        case .string, .int: return Candidates()
        }
    }

    /// `--fields a,b,`: each field not yet listed, after those typed.
    private func fieldCandidates(_ screen: ScreenDescriptor, current: String) -> Candidates {
        let typed = current.split(separator: ",", omittingEmptySubsequences: false).dropLast().map(String.init)
        let head = typed.map { $0 + "," }.joined()
        let fields = ["id"] + screen.columns.map(\.id).filter { $0 != "id" }
        return Candidates(words: fields.filter { !typed.contains($0) }.map { head + $0 })
    }

    /// The ids (or one column) of a screen's loaded items; nothing when the
    /// screen cannot open (a typo earlier on the line, nobody signed in).
    private func items(of request: ScreenRequest, field: String?) async -> [String] {
        guard let screen = try? await catalog.open(request) else { return [] }
        defer { screen.close() }
        if screen.isBusy, screen.snapshot.content.list?.items.isEmpty ?? true { await screen.settle() }
        return (screen.snapshot.content.list?.items ?? []).compactMap { item in
            guard let field else { return item.id }
            return item.values[field]?.description
        }
    }

    /// A word as the shell passed it, quotes and backslashes removed
    /// (`"Road Tr` is being typed as `Road Tr`).
    static func dequote(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else { result.append(character) }
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }
}
