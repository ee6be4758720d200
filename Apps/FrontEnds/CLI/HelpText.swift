import Foundation
import ScreenKit

/// `--help` texts, generated from the registry's descriptors.
enum HelpText {
    static func global(_ screens: [ScreenDescriptor]) -> String {
        var lines = [
            "Facet: playlists, folders and more, from a CLI, a full-screen TUI or JSON lines.",
            "",
            "Usage: facet [--ui cli|tui|jsonl] <screen> [params] [<action> [args]] [--json]",
            "       facet help <screen>     actions and parameters of one screen",
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
            "  --json        print the screen's snapshot as JSON (what JSON-lines clients receive)",
            "  --ui NAME     run another front end: tui (full screen) or jsonl (JSON-RPC on stdin/stdout)",
            "",
            "Exit status: 0 ok, 1 the action failed, 2 the command line was wrong.",
        ]
        return lines.joined(separator: "\n")
    }

    static func screen(_ screen: ScreenDescriptor) -> String {
        var lines = ["facet \(usage(of: screen))", "", screen.summary, ""]
        if !screen.actions.isEmpty {
            lines.append("Actions:")
            let rows = screen.actions.map { ("\($0.name) \(params($0.params))".trimmingTrailingSpaces, $0.summary + ($0.destructive ? " (destructive)" : "")) }
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                lines.append("  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right)
            }
            lines.append("")
        }
        lines.append("Example: facet \(screen.id)\(screen.params.contains(where: \.required) ? " …" : "") \(screen.actions.first?.name ?? "") --json")
        return lines.joined(separator: "\n")
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

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
