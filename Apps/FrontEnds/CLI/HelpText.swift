import Foundation
import ScreenKit

/// `--help` texts, generated from the registry's descriptors. Examples are
/// the descriptors' own (`ScreenDescriptor.examples`), which a test runs, so
/// help never shows a command that does not work.
enum HelpText {
    static let exitStatus = [
        "Exit status:",
        "  0  done (a warning, marked !, still counts as done)",
        "  1  failed, or refused: a disabled action prints why on stderr",
        "  2  usage error: the command line was wrong (unknown screen, action, option or field)",
        "  3  not confirmed: an action that deletes or overwrites data was answered no, or was not asked",
        "     because stdin is not a terminal (add --yes); nothing was changed",
    ]

    /// Front-end names come from the launcher's registry, so a front end
    /// added there is named here without a change to the CLI.
    static func global(_ screens: [ScreenDescriptor], frontEnds all: [FrontEndInfo] = []) -> String {
        let frontEnds = all.filter { !$0.command }
        let names = frontEnds.isEmpty ? "NAME" : frontEnds.map(\.name).joined(separator: "|")
        var lines = [
            "Facet: playlists, folders and more, from a CLI, a full-screen TUI, JSON lines, MCP or a browser.",
            "",
            "Usage: facet [--ui \(names)] <screen> [params] [<action> [args]] [--json [A,B [--jq EXPR]] | --jsonl [--fields A,B]]",
            "       facet help <screen>     actions, parameters, fields and examples of one screen",
            "",
            "Screens:",
        ]
        // Short usages share a column with their summary; long ones put it below.
        let width = min(28, screens.map { usage(of: $0).count }.max() ?? 0)
        for screen in screens {
            let left = usage(of: screen)
            if left.count <= width {
                lines.append("  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + screen.summary)
            } else {
                lines.append("  " + left)
                lines.append("  " + String(repeating: " ", count: width + 2) + screen.summary)
            }
        }
        lines += [
            "",
            "Options:",
            "  --json          print the screen's whole snapshot as JSON (what JSON-lines clients receive)",
            "  --json A,B      those fields of each row as one JSON array, as gh does",
            "  --jq EXPR       with --json A,B: filter that array with a jq program (jq's own library), as gh does;",
            "                  strings print as text, other values as compact JSON",
            "  --jsonl         print the data only: one JSON object per list row (id and typed column values),",
            "                  or one object of the detail rows on screens without a list",
            "  --fields A,B    those fields only, in that order (implies --jsonl; 'facet help SCREEN' lists them)",
            "  --yes           go ahead with an action that deletes or overwrites data without asking",
            "                  (on a terminal facet asks first; elsewhere it refuses without --yes)",
            "  --limit N       print the first N rows of a list (any output), read a page at a time",
            "  --all           print every row of a list (any output), read a page at a time",
            "  --ui NAME       run another front end (also FACET_UI, or the 'ui' setting):",
        ]
        lines += frontEnds.map { "                    " + $0.name.padding(toLength: 6, withPad: " ", startingAt: 0) + "  " + $0.summary }
        lines += [
            "",
            "A form is filled and submitted in one command: facet SCREEN set-field FIELD VALUE [set-field …]",
            "",
        ]
        lines += GlobalHelpSections.lines(commands: all.filter(\.command))
        lines += exitStatus
        return lines.joined(separator: "\n")
    }

    static func screen(_ screen: ScreenDescriptor) -> String {
        var lines = ["facet \(usage(of: screen))", "", screen.summary, ""]
        if !screen.actions.isEmpty {
            lines.append("Actions:")
            let rows = screen.actions.map {
                ("\($0.name) \(params($0.params))".trimmingTrailingSpaces, ActionNote.summary($0))
            }
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                lines.append("  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right)
            }
            lines.append("")
        }
        lines += outputOptions(list: !screen.columns.isEmpty)
        lines.append("")
        if !screen.columns.isEmpty {
            lines += fields(screen.columns)
            lines.append("")
        }
        if !screen.examples.isEmpty {
            lines.append("Examples:")
            lines += screen.examples.map { "  " + $0 }
            lines.append("")
        }
        lines.append("Exit status: 0 done, 1 failed or refused (the reason on stderr), 2 usage error, 3 not confirmed (--yes).")
        return lines.joined(separator: "\n")
    }

    /// The CLI's own options that apply to a screen, as `gh repo list
    /// --help` lists `--limit`: every screen prints JSON; a list screen also
    /// prints rows, some fields, or more rows than its first window.
    static func outputOptions(list: Bool) -> [String] {
        var rows = [("--json", "The whole screen as JSON (what JSON lines sends).")]
        if list {
            rows += [
                ("--json FIELDS", "Those fields of every row as a JSON array (FIELDS as a,b)."),
                ("--jsonl", "One JSON object per row: its id and typed fields."),
                ("--fields FIELDS", "Those fields only, in that order, one JSON object per row."),
                ("--limit N", "Print the first N rows."),
                ("--all", "Print every row, a page at a time."),
            ]
        } else {
            rows += [
                ("--json FIELDS", "Those fields as one JSON object (FIELDS as a,b)."),
                ("--jsonl", "The screen's detail rows as one JSON object."),
            ]
        }
        rows.append(("--output FILE", "Where an action's picture is written (image, cover); stdout when piped."))
        let width = rows.map(\.0.count).max() ?? 0
        return ["Output options:"] + rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    }

    /// Each column's id (what --fields, --json and the table's header use)
    /// beside its label (what the TUI and the web page show), since
    /// `--sort` takes either; the id in any case.
    static func fields(_ columns: [ListColumn]) -> [String] {
        var lines = ["Fields (--jsonl, --fields, --json; any case): id, then:"]
        let width = columns.map(\.id.count).max() ?? 0
        let labelWidth = columns.map(\.label.count).max() ?? 0
        for column in columns {
            lines.append("  " + column.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + column.label.padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
                + column.type.rawValue + (column.sortKey == nil ? "" : ", sorts"))
        }
        if columns.contains(where: { $0.sortKey != nil }) {
            lines.append("--sort takes a sorting field's id or its label, case ignored.")
        }
        return lines
    }

    static func usage(of screen: ScreenDescriptor) -> String {
        "\(screen.id) \(params(screen.params))".trimmingTrailingSpaces
    }

    static func params(_ params: [ParamDescriptor]) -> String {
        params.map { param in
            let value: String
            if let choices = param.choices { value = choices.joined(separator: "|") } else { value = param.name.uppercased() }
            if param.positional { return param.required ? value : "[\(value)]" }
            let option = param.kind == .bool ? "--\(param.name)" : "--\(param.name) \(value)"
            return param.required ? option : "[\(option)]"
        }.joined(separator: " ")
    }
}
