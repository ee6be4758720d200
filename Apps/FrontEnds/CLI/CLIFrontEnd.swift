import Foundation
import ScreenKit

/// The one-shot command line: open a screen, run its steps, wait for their
/// work to finish, print the result (for people, `--json`, or `--jsonl`
/// rows), and exit 0 done, 1 failed or refused, 2 usage error, 3 not
/// confirmed (an action that deletes or overwrites data, see `CLIConfirmation`).
public enum CLIFrontEnd: FrontEnd {
    public static let name = "cli"
    public static let globalHelpHint = "Run 'facet help' for screens and actions."

    public static func run(_ context: FrontEndContext) async -> Int32 {
        let out = Output(environment: context.environment)
        if let status = await DiscoveryCommands.run(context, out: out) { return status }
        let screens = context.catalog.screens
        var tokens = context.arguments
        let mode: OutputMode
        let span: RowSpan
        let jq: JQFilter?
        let pictureOutput: String?
        do {
            // First: its program is never read as a field list or a command word.
            let program = try JQFilter.extract(from: &tokens)
            mode = try OutputMode.extract(from: &tokens, commandWords: JSONFieldsOption.commandWords(screens))
            span = try RowSpanOption.extract(from: &tokens)
            pictureOutput = try PictureOutputOption.extract(from: &tokens)
            jq = try program.map { program throws(ScreenError) in
                guard case .jsonFields = mode else { throw JQFilter.needsFields }
                return try JQFilter(program)
            }
        } catch {
            out.error(error.message)
            return 2
        }

        let yes = CLIConfirmation.extract(from: &tokens)
        if tokens.isEmpty || tokens == ["help"] || tokens == ["--help"] || tokens == ["-h"] {
            out.print(HelpText.global(screens, frontEnds: context.frontEnds))
            return 0
        }
        if tokens.first == "help" || tokens.contains("--help") || tokens.contains("-h") {
            let name = (tokens.first == "help" ? tokens.dropFirst().first : tokens.first) ?? ""
            guard let screen = screens.first(where: { $0.id == name }) else {
                let hint = Suggestion.hint(for: name, in: screens.map(\.id)) { "'facet help \($0)'" }
                out.error("unknown screen '\(name)'\(hint); run 'facet help' for the list")
                return 2
            }
            out.print(HelpText.screen(screen))
            return 0
        }

        do {
            let request = try CommandLineParser.parse(tokens, screens: screens)
            let runner = CommandRunner(
                catalog: context.catalog, mode: mode, out: out, tokens: tokens, confirmation: CLIConfirmation(yes: yes),
                span: span, jq: jq, pictureOutput: pictureOutput)
            return try await runner.run(request)
        } catch {
            if error.kind == .invalidParams {
                out.error(error.message)
                return 2
            }
            out.diagnostic(ScreenStatus(kind: .error, message: error.message, code: error.code))
            return 1
        }
    }
}
