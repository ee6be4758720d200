import ScreenKit

/// `facet help --man`: the man page (roff), generated from the registry as
/// `facet help` is, so it lists every screen, action, option and example
/// of this build. `docs/facet.1` is its committed output (a test fails when
/// they differ). No date: the same build always prints the same page.
enum ManPage {
    static func text(screens: [ScreenDescriptor], frontEnds: [FrontEndInfo], version: String) -> String {
        var lines = [
            ".TH FACET 1 \"\" \"facet \(escape(version))\" \"User Commands\"",
            ".SH NAME",
            "facet \\- playlists, folder sizes, GitHub stars and photos from a CLI, a TUI, JSON lines or MCP",
            ".SH SYNOPSIS",
            ".B facet",
            escape("[--ui NAME] [--connect [SOCKET]] SCREEN [params] [ACTION [args]] [--json [A,B [--jq EXPR]] | --jsonl [--fields A,B]]"),
            ".br",
            ".B facet",
            escape("help [SCREEN] | completion bash|zsh|fish | paths | serve [--socket PATH]"),
            ".SH DESCRIPTION",
            escape("Facet's features are screens; every front end shows the same ones. On a terminal a bare "
                + "'facet' starts the full-screen interface; a command on the line runs once and exits."),
            ".SH FRONT ENDS",
        ]
        for info in frontEnds where !info.command {
            lines += [".TP", ".B \(escape(info.name))", escape(info.summary)]
        }
        lines.append(".SH COMMANDS")
        for info in frontEnds.filter(\.command) + GlobalHelpSections.ownCommands {
            lines += [".TP", ".B \(escape(info.name))", escape(info.summary)]
        }
        lines.append(".SH SCREENS")
        for screen in screens {
            lines += [".SS \(escape(HelpText.usage(of: screen)))", escape(screen.summary)]
            for action in screen.actions {
                let left = "\(action.name) \(HelpText.params(action.params))".trimmingTrailingSpaces
                lines += [".TP", ".B \(escape(left))", escape(ActionNote.summary(action))]
            }
            if !screen.columns.isEmpty {
                lines += [".PP", escape("Fields: id, " + screen.columns.map { "\($0.id) (\($0.label))" }.joined(separator: ", "))]
                if screen.columns.contains(where: { $0.sortKey != nil }) {
                    lines += [".PP", escape("--sort takes a sorting field's id or its label, case ignored.")]
                }
            }
            if !screen.examples.isEmpty {
                lines += [".PP", "Examples:", ".RS", ".nf"]
                lines += screen.examples.map(escape)
                lines += [".fi", ".RE"]
            }
        }
        lines.append(".SH OPTIONS")
        let output = [
            ("--json", "print the screen's whole snapshot as JSON"),
            ("--json A,B", "those fields of each row as one JSON array, as gh does"),
            ("--jq EXPR", "with --json A,B: filter that array with a jq program (jq's own library), as gh does"),
            ("--jsonl", "print the data only: one JSON object per list row, or one of the detail rows"),
            ("--fields A,B", "those fields only, in that order (implies --jsonl)"),
            ("--ui NAME", "run another front end ('facet --ui NAME --help' for its options)"),
        ]
        for (option, text) in output + GlobalHelpSections.terminalOptions {
            lines += [".TP", ".B \(escape(option))", escape(text)]
        }
        lines.append(".SH ENVIRONMENT")
        for (name, text) in GlobalHelpSections.environment {
            lines += [".TP", ".B \(escape(name))", escape(text)]
        }
        lines += [".SH FILES", escape(GlobalHelpSections.dataLocation.joined(separator: " ")), ".SH EXIT STATUS"]
        for line in HelpText.exitStatus.dropFirst() {
            let trimmed = line.drop { $0 == " " }
            lines += [".TP", ".B \(trimmed.prefix(1))", escape(String(trimmed.dropFirst(1).drop { $0 == " " }))]
        }
        lines += [".SH SEE ALSO", escape("facet help SCREEN; facet --ui jsonl with rpc.discover for the JSON-RPC schema.")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as roff shows it: backslashes and hyphens escaped, other than
    /// ASCII as named code points (troff reads its input as Latin-1 unless a
    /// preprocessor converts it), and a line that would start with a control
    /// character guarded.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
