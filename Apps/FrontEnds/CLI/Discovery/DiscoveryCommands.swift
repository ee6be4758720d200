import ScreenKit

/// The CLI's commands about Facet itself rather than a screen:
/// `facet completion SHELL`, the hidden `facet __complete WORD…` the
/// completion scripts call, and `facet help --man`.
@MainActor
enum DiscoveryCommands {
    static let completeCommand = "__complete"

    /// Runs one of them when the line asks for it; nil otherwise.
    static func run(_ context: FrontEndContext, out: Output) async -> Int32? {
        let words = context.arguments
        switch words.first {
        case completeCommand:
            let engine = CompletionEngine(catalog: context.catalog, frontEnds: context.frontEnds)
            let lines = await engine.lines(Array(words.dropFirst()))
            if !lines.isEmpty { out.print(lines.joined(separator: "\n")) }
            return 0
        case "completion":
            let names = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: "|")
            guard words.count == 2, let shell = CompletionScript.Shell(rawValue: words[1]) else {
                if words.count == 2, words[1] == "--help" || words[1] == "-h" {
                    out.print("usage: facet completion \(names)\nPrints the shell's completion script (see its first lines to install it).")
                    return 0
                }
                out.error("usage: facet completion \(names)")
                return 2
            }
            out.print(CompletionScript.text(for: shell))
            return 0
        case "help" where words.dropFirst().contains("--man"):
            guard words.count == 2 else {
                out.error("usage: facet help --man (the whole man page; 'facet help SCREEN' for one screen)")
                return 2
            }
            let page = ManPage.text(screens: context.catalog.screens, frontEnds: context.frontEnds, version: context.version)
            out.print(String(page.dropLast()))
            return 0
        default:
            return nil
        }
    }
}
