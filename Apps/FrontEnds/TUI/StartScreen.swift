import ScreenKit

/// The screen the TUI starts at when the command line names one:
/// `facet --ui tui folders /usr`, `facet --ui tui folders /usr --sort name`
/// (like `ncdu /usr`). Words are read against the screen's descriptor as
/// the CLI reads them: positional parameters in order, `--name value`,
/// `--name=value`, and a bare `--flag` for a yes/no parameter. Actions are
/// not run here (that is the CLI's job): the TUI only opens the screen.
enum StartScreen {
    /// The TUI's own options, which are not screen words.
    static let options: Set<String> = ["--no-mouse", "--ascii", "--no-pictures"]

    /// The request for `arguments` (the TUI options left out), or nil when
    /// they name no screen (start at home).
    static func request(_ arguments: [String], screens: [ScreenDescriptor]) throws(ScreenError) -> ScreenRequest? {
        var words = arguments.filter { !options.contains($0) }
        guard !words.isEmpty else { return nil }
        let id = words.removeFirst()
        guard let descriptor = screens.first(where: { $0.id == id }) else {
            if id.hasPrefix("-") {
                throw .invalidParams("the TUI has no option '\(id)' (options: --no-mouse, --ascii, --no-pictures, or a screen to start at)")
            }
            throw .invalidParams(
                "unknown screen '\(id)'; screens: \(screens.map(\.id).joined(separator: ", "))", code: "unknown_screen")
        }
        var params = ActionArguments()
        var positionals = descriptor.params.filter(\.positional)
        while !words.isEmpty {
            let word = words.removeFirst()
            if word.hasPrefix("--"), word.count > 2 {
                var name = String(word.dropFirst(2))
                var value: String?
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let param = descriptor.params.first(where: { $0.name == name }) else {
                    throw .invalidParams("screen '\(id)' has no option --\(name)")
                }
                if value == nil {
                    if param.kind == .bool {
                        value = "true"
                    } else if words.isEmpty {
                        throw .invalidParams("option --\(name) needs a value (\(param.label))")
                    } else {
                        value = words.removeFirst()
                    }
                }
                params[name] = .string(value!)
                positionals.removeAll { $0.name == name }
            } else if let next = positionals.first {
                params[next.name] = .string(word)
                positionals.removeFirst()
            } else {
                throw .invalidParams(
                    "unexpected '\(word)': the TUI opens screen '\(id)' and runs no action (use the CLI for 'facet \(id) … \(word)')")
            }
        }
        if let missing = positionals.first(where: \.required), params[missing.name] == nil {
            throw .invalidParams("screen '\(id)' needs \(missing.name.uppercased()) (\(missing.label))")
        }
        return ScreenRequest(screen: id, params: params)
    }
}
