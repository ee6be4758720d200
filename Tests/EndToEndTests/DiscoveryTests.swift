import Foundation
import Testing
import TestSupport

/// Discovery from the outside: the shell completion scripts (checked by the
/// shells themselves and driven through bash's completion variables), the
/// man page, `facet paths`, the launcher's help and version flags.
@Suite struct DiscoveryTests {
    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs `bash -c script` (or another shell) with the built binary as `$FACET`, a deadline, and `home`.
    static func shell(
        _ shell: String, _ script: String, home: String, extra: [String: String] = [:]
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        var environment = FacetProcess.environment(home: home, extra: extra)
        environment["FACET"] = FacetProcess.binary
        environment["HOME"] = home
        return try BoundedProcess.run("/usr/bin/env", [shell, "-c", script], environment: environment, timeout: 60)
    }

    /// What bash's completion offers for `words` (the last one being typed):
    /// the generated script sourced, COMP_WORDS/COMP_CWORD set as readline
    /// sets them, the function `complete -p facet` names called, COMPREPLY read.
    static func bashCompletion(_ words: [String], home: String) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source <(FACET_UI=cli "$FACET" completion bash) || exit 3
            function=$(complete -p facet | sed -n 's/.*-F \\([^ ]*\\) facet$/\\1/p')
            [ -n "$function" ] || exit 4
            COMP_WORDS=("$FACET" \(quoted))
            COMP_CWORD=\(words.count)
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            "$function"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // A FACET_UI of the user's must not turn the relay into another front end.
        let result = try shell("bash", script, home: home, extra: ["FACET_UI": "jsonl"])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theBashScriptIsValidAndCompletesScreensActionsAndPlaylistNames() throws {
        let root = TemporaryDirectory("facet-complete")
        let home = root.directory("home")
        root.file("road.m3u", "#EXTM3U\n#EXTINF:354,Queen - Bohemian Rhapsody\na.mp3\n#EXTINF:215,ABBA - Waterloo\nb.mp3\n")
        let imported = try FacetProcess.run(["playlists", "import", root.path + "/road.m3u", "--name", "Road Trip"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")

        let script = try FacetProcess.run(["completion", "bash"], home: home)
        #expect(script.status == 0)
        let file = root.file("facet.bash", script.stdout)
        let syntax = try BoundedProcess.run("/bin/bash", ["-n", file])
        #expect(syntax.status == 0, "\(syntax.stderr)")

        #expect(try Self.bashCompletion(["pl"], home: home) == ["playlists", "playlist", "player"])
        let commands = try Self.bashCompletion([""], home: home)
        #expect(commands.contains("folders") && commands.contains("serve") && commands.contains("completion"))
        #expect(try Self.bashCompletion(["playlists", ""], home: home) == ["import", "open", "delete", "filter", "sort", "undo", "reload"])
        // Values come from the database: the names a real import stored.
        #expect(try Self.bashCompletion(["playlist", ""], home: home).sorted() == ["Road\\ Trip", "Sample"])
        #expect(try Self.bashCompletion(["playlist", "Ro"], home: home) == ["Road\\ Trip"])
        #expect(try Self.bashCompletion(["playlists", "delete", "S"], home: home) == ["Sample"])
        #expect(try Self.bashCompletion(["playlist", "Sample", "remove-song", ""], home: home) == (1...7).map(String.init))
        // Choices, options and field ids from the descriptors.
        // The sortable columns' ids, in whatever order the screen declares them.
        #expect(try Self.bashCompletion(["playlist", "Sample", "--sort", ""], home: home).sorted() == ["artist", "duration", "position", "title"])
        #expect(try Self.bashCompletion(["playlist", "Sample", "--fields", "id,ti"], home: home) == ["id,title"])
        #expect(try Self.bashCompletion(["playlist", "Sample", "--so"], home: home) == ["--sort"])
        #expect(try Self.bashCompletion(["settings", "set-field", "page"], home: home) == ["page-size"])
        #expect(try Self.bashCompletion(["--ui", ""], home: home) == ["cli", "tui", "jsonl", "mcp", "web"])
        #expect(try Self.bashCompletion(["completion", ""], home: home) == ["bash", "zsh", "fish"])
        // A path parameter completes files, as the shell would.
        let paths = try Self.bashCompletion(["playlists", "import", root.path + "/ro"], home: home)
        #expect(paths == [root.path + "/road.m3u"])
    }

    @Test(arguments: [("zsh", "-n"), ("fish", "-n")])
    func theZshAndFishScriptsAreValid(shell: String, flag: String) throws {
        let root = TemporaryDirectory("facet-complete")
        let script = try FacetProcess.run(["completion", shell], home: root.path)
        #expect(script.status == 0)
        let file = root.file("facet.\(shell)", script.stdout)
        let found = try BoundedProcess.run("/usr/bin/env", ["which", shell])
        try #require(found.status == 0, "\(shell) is missing: run Tools/install-deps.sh")
        let check = try BoundedProcess.run("/usr/bin/env", [shell, flag, file], environment: ["HOME": root.path, "PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stderr)")
        // A broken script is reported: the check can fail.
        let broken = root.file("broken.\(shell)", script.stdout + "\nif true\n")
        #expect(try BoundedProcess.run("/usr/bin/env", [shell, flag, broken], environment: ["HOME": root.path, "PATH": "/usr/bin:/bin"]).status != 0)
    }

    /// fish runs the same engine: `complete -C` asks fish what it would
    /// offer on a line, with the installed-style `facet` first on PATH.
    @Test func fishCompletesScreensAndPlaylistNames() throws {
        let root = TemporaryDirectory("facet-fish")
        let home = root.directory("facet")
        root.file("road.m3u", "#EXTM3U\n#EXTINF:354,Queen - Bohemian Rhapsody\na.mp3\n")
        #expect(try FacetProcess.run(["playlists", "import", root.path + "/road.m3u", "--name", "Road Trip"], home: home).status == 0)
        let bin = try READMEShellExamplesTests.binFolder(in: root)
        let script = root.file("facet.fish", try FacetProcess.run(["completion", "fish"], home: home).stdout)
        func offered(_ line: String) throws -> [String] {
            let result = try BoundedProcess.run(
                "/usr/bin/env", ["fish", "--no-config", "-c", "source \(script); complete -C '\(line)'"],
                environment: ["PATH": bin + ":/usr/bin:/bin", "FACET_HOME": home, "HOME": root.path, "LANG": "C.UTF-8"],
                timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try offered("facet pl") == ["player", "playlist", "playlists"])
        #expect(try offered("facet playlist ").sorted() == ["Road Trip", "Sample"])
        #expect(try offered("facet playlists d") == ["delete"])
    }

    /// zsh's function, called as the completion system calls it (`words`,
    /// `CURRENT`), with `compadd` recording what it is given: outside an
    /// interactive shell the completion builtins are not there to run.
    @Test func theZshFunctionOffersScreensAndPlaylistNames() throws {
        let root = TemporaryDirectory("facet-zsh")
        let home = root.directory("facet")
        let script = root.file("_facet", try FacetProcess.run(["completion", "zsh"], home: home).stdout)
        func offered(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let body = """
                compdef() { :; }
                compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
                source \(script)
                words=("$FACET" \(quoted))
                CURRENT=\(words.count + 1)
                _facet
                """
            let result = try BoundedProcess.run(
                "/usr/bin/env", ["zsh", "-f", "-c", body],
                environment: ["PATH": "/usr/bin:/bin", "FACET_HOME": home, "HOME": root.path, "FACET": FacetProcess.binary],
                timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try offered(["pl"]) == ["playlists", "playlist", "player"])
        #expect(try offered(["playlist", ""]) == ["Sample"])
        #expect(try offered(["playlists", "d"]) == ["delete"])
    }

    @Test func aCompletionForAnUnknownShellIsAUsageError() throws {
        let root = TemporaryDirectory("facet-complete")
        let result = try FacetProcess.run(["completion", "tcsh"], home: root.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bash|zsh|fish"))
    }

    /// `docs/facet.1` is `facet help --man`'s output, committed: it fails
    /// when a screen, action or option changed and the page was not made again.
    @Test func theCommittedManPageIsCurrent() throws {
        let root = TemporaryDirectory("facet-man")
        let page = try FacetProcess.run(["help", "--man"], home: root.path)
        #expect(page.status == 0)
        let committed = try String(contentsOfFile: Self.repository + "/docs/facet.1", encoding: .utf8)
        let current = page.stdout == committed
        #expect(current, "docs/facet.1 is stale: run '.build/debug/facet help --man > docs/facet.1' and commit it")
    }

    @Test func theManPageRendersWithManWithoutWarnings() throws {
        let root = TemporaryDirectory("facet-man")
        let page = try FacetProcess.run(["help", "--man"], home: root.path)
        let file = root.file("facet.1", page.stdout)
        let rendered = try BoundedProcess.run(
            "/usr/bin/man", ["--warnings=w", "-l", file],
            environment: ["MANPAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": root.path])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "man warned: \(rendered.stderr)")
        let text = rendered.stdout.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        for expected in ["FACET(1)", "SYNOPSIS", "SCREENS", "folder-rename PATH", "remove-song", "ENVIRONMENT", "FACET_HOME", "EXIT STATUS", "Z→A"] {
            #expect(text.contains(expected), "the rendered page lacks \(expected)")
        }
    }

    @Test func pathsPrintsWhereTheDataLivesWithoutCreatingIt() throws {
        let root = TemporaryDirectory("facet-paths")
        let home = root.path + "/not-yet"
        let all = try FacetProcess.run(["paths"], home: home, environment: ["XDG_RUNTIME_DIR": root.path + "/run"])
        #expect(all.status == 0)
        #expect(all.stdout == """
            database\t\(home)/facet.sqlite
            data\t\(home)
            socket\t\(root.path)/run/facet/facet.sock
            socket-folder\t\(root.path)/run/facet

            """)
        #expect(!FileManager.default.fileExists(atPath: home))
        // Without XDG_RUNTIME_DIR the socket is in the data folder, as `facet serve` puts it.
        let socket = try FacetProcess.run(["paths", "socket"], home: home)
        #expect(socket.stdout == home + "/facet.sock\n")
        #expect(try FacetProcess.run(["paths", "nothing"], home: home).status == 2)
    }

    @Test func versionFlagsAndFrontEndHelp() throws {
        let root = TemporaryDirectory("facet-help")
        for flag in ["-V", "-v", "--version"] {
            let result = try FacetProcess.run([flag], home: root.path)
            #expect(result.status == 0 && result.stdout.hasPrefix("facet "), "\(flag): \(result.stderr)")
        }
        for (ui, option) in [("tui", "--no-mouse"), ("tui", "--ascii"), ("mcp", "--read-only"), ("jsonl", "rpc.discover")] {
            for flag in ["--help", "-h"] {
                let result = try FacetProcess.run(["--ui", ui, flag], home: root.path)
                #expect(result.status == 0, "--ui \(ui) \(flag): \(result.stderr)")
                #expect(result.stdout.contains(option), "--ui \(ui) \(flag) does not mention \(option)")
            }
        }
        let help = try FacetProcess.run(["--help"], home: root.path)
        #expect(help.status == 0)
        for expected in [
            "serve", "--connect", "paths", "completion", "--man", "FACET_HOME", "FACET_UI", "NO_COLOR", "XDG_DATA_HOME",
            "XDG_RUNTIME_DIR", "--ascii", "--no-mouse", "facet.sqlite", "jsonl", "mcp",
        ] {
            #expect(help.stdout.contains(expected), "facet --help does not mention \(expected)")
        }
        #expect(try FacetProcess.run(["-h"], home: root.path).stdout == help.stdout)
    }
}
