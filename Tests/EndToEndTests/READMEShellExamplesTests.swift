import Foundation
import Testing
import TestSupport

/// The README's examples that are not a bare `facet …` line (those run in
/// `CLIDocumentedExamplesTests`): the socket example, the install script
/// and the example JSON-lines client, each run as written against fixtures.
/// Every other line of a README code block must be one of these, a `facet`
/// command, or a protocol transcript: a new kind of example fails here until
/// the suite runs it.
@Suite struct READMEShellExamplesTests {
    static var repository: String { DiscoveryTests.repository }

    /// Lines of README code blocks that are commands but are not run by the
    /// suite, with the reason.
    static let notRun = [
        "bash Tools/run.sh": "a release build and the sample playlist: what the install test and every facet example cover",
        "bash Tools/test.sh": "the suite itself",
    ]

    static func codeLines() throws -> [String] {
        let text = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
        var lines: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            let code: Substring
            if fenced { code = line } else if line.hasPrefix("    ") { code = line.dropFirst(4) } else { continue }
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines
    }

    /// A command without its trailing `# comment`.
    static func command(_ line: String) -> String {
        guard let hash = line.range(of: " #") else { return line }
        return String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    @Test func everyREADMECommandIsRunBySomeTest() throws {
        var unknown: [String] = []
        for line in try Self.codeLines() {
            let command = Self.command(line)
            if command == "facet" || command.hasPrefix("facet ") { continue }  // CLIDocumentedExamplesTests
            if line.hasPrefix("> ") || line.hasPrefix("< ") || line.hasPrefix("{") { continue }  // transcripts, settings
            if Self.notRun[command] != nil { continue }
            if command.hasPrefix("socat ") || command.hasPrefix("bash Tools/install.sh") { continue }  // run below
            unknown.append(line)
        }
        #expect(unknown.isEmpty, "README examples no test runs: \(unknown)")
    }

    /// A folder holding `facet` (the built binary), put first on PATH, as an
    /// installed Facet is.
    static func binFolder(in root: TemporaryDirectory) throws -> String {
        let bin = root.directory("bin")
        try FileManager.default.createSymbolicLink(atPath: bin + "/facet", withDestinationPath: FacetProcess.binary)
        return bin
    }

    /// The README's `socat` line, with no `XDG_RUNTIME_DIR` (the case its
    /// old form got wrong), against a running `facet serve`: a request sent
    /// through it is answered.
    @Test func theSocatExampleReachesFacetServe() throws {
        let line = try #require(try Self.codeLines().map(Self.command).first { $0.hasPrefix("socat ") })
        let root = TemporaryDirectory("facet-socat")
        let home = root.directory("facet")
        let bin = try Self.binFolder(in: root)
        var environment = FacetProcess.environment(home: home)
        environment["PATH"] = bin + ":/usr/bin:/bin"
        environment["HOME"] = root.path
        let server = try BoundedProcess(FacetProcess.binary, ["serve"], environment: environment)
        defer {
            server.signal(SIGTERM)
            _ = server.finish(timeout: 20)
        }
        #expect(server.waitFor(timeout: 60) { server.stderr.contains("serving on") }, "\(server.stderr)")

        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/bin/bash")
        client.arguments = ["-c", line]
        client.environment = environment
        let input = Pipe()
        let output = Pipe()
        client.standardInput = input
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        let deadline = ChildDeadline(client, seconds: 60)
        input.fileHandleForWriting.write(Data("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n".utf8))
        // Input stays open until the answer is back: socat would otherwise
        // stop half a second after the end of its input, answered or not.
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        try input.fileHandleForWriting.close()
        client.waitUntilExit()
        deadline.finish()
        #expect(!deadline.expired)
        let answer = String(decoding: received, as: UTF8.self)
        #expect(answer.contains("\"id\":1") && answer.contains("\"serverInfo\""), "socat got: \(answer)")
    }

    /// The README's install line as written, into a home of the test's own,
    /// installing the binary the suite built (no second release build).
    @Test func theInstallScriptInstallsTheBinaryCompletionsAndManPage() throws {
        let line = try #require(try Self.codeLines().map(Self.command).first { $0.hasPrefix("bash Tools/install.sh") })
        let root = TemporaryDirectory("facet-install")
        let home = root.directory("home")
        var environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "FACET_INSTALL_BINARY": FacetProcess.binary]
        environment["FACET_HOME"] = nil
        let result = try BoundedProcess.run(
            "/bin/bash", ["-c", "cd \"$0\" && " + line, Self.repository], environment: environment, timeout: 120)
        #expect(result.status == 0, "\(line): \(result.stderr)")
        let prefix = home + "/.local"
        try Self.checkInstall(prefix: prefix)
        // Installing made no database of the user's.
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/share/facet"))

        let other = root.path + "/opt"
        let explicit = try BoundedProcess.run(
            "/bin/bash", [Self.repository + "/Tools/install.sh", "--prefix", other, "--keep-debug-info"], environment: environment,
            timeout: 120)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        try Self.checkInstall(prefix: other)
        // The debug information is kept aside, and the binary names it for gdb.
        #expect(try Self.sections(other + "/lib/debug/facet.debug").contains(".debug_info"))
        #expect(try Self.sections(other + "/bin/facet").contains(".gnu_debuglink"))
        #expect(try BoundedProcess.run("/bin/bash", [Self.repository + "/Tools/install.sh", "--bogus"], environment: environment).status == 2)
    }

    /// The section names of an ELF file, as `readelf -S` lists them.
    static func sections(_ path: String) throws -> [String] {
        let listed = try BoundedProcess.run("/usr/bin/readelf", ["-SW", path])
        #expect(listed.status == 0, "readelf \(path): \(listed.stderr)")
        return listed.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix(".") }.map(String.init)
        }
    }

    static func checkInstall(prefix: String) throws {
        let files = FileManager.default
        let binary = prefix + "/bin/facet"
        #expect(files.isExecutableFile(atPath: binary))
        // Installed without its debug information: a smaller file, same program.
        let installedSections = try Self.sections(binary)
        #expect(installedSections.contains(".text") && !installedSections.contains(".debug_info"), "\(installedSections)")
        let built = try files.attributesOfItem(atPath: FacetProcess.binary)[.size] as? Int ?? 0
        let installedSize = try files.attributesOfItem(atPath: binary)[.size] as? Int ?? .max
        #expect(installedSize < built)
        let scratch = TemporaryDirectory("facet-install-check")
        let version = try FacetProcess.run(["--version"], home: scratch.path)
        let installed = try BoundedProcess.run(binary, ["--version"], environment: ["FACET_HOME": scratch.path])
        #expect(installed.status == 0 && installed.stdout == version.stdout)
        let expected = [
            "share/bash-completion/completions/facet": ["completion", "bash"],
            "share/zsh/site-functions/_facet": ["completion", "zsh"],
            "share/fish/vendor_completions.d/facet.fish": ["completion", "fish"],
            "share/man/man1/facet.1": ["help", "--man"],
        ]
        for (path, words) in expected {
            let text = try String(contentsOfFile: prefix + "/" + path, encoding: .utf8)
            #expect(text == (try FacetProcess.run(words, home: scratch.path)).stdout, "\(path) is not 'facet \(words)'")
        }
        let syntax = try BoundedProcess.run("/bin/bash", ["-n", prefix + "/share/bash-completion/completions/facet"])
        #expect(syntax.status == 0)
        let page = try BoundedProcess.run(
            "/usr/bin/man", ["-l", prefix + "/share/man/man1/facet.1"],
            environment: ["MANPAGER": "cat", "PATH": "/usr/bin:/bin", "HOME": scratch.path])
        #expect(page.status == 0 && page.stdout.contains("SCREENS"))
    }

    /// The example client the README points to runs to the end against the
    /// built binary, checking what it sees (it exits 1 on a surprise).
    @Test func theExampleJSONLinesClientRuns() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains("python3 Tools/examples/jsonl_client.py"))
        let result = try BoundedProcess.run(
            "/usr/bin/env", ["python3", Self.repository + "/Tools/examples/jsonl_client.py", FacetProcess.binary],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], timeout: 120)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("import result: Imported 3 songs"))
        #expect(result.stdout.contains("sorted by artist: ['ABBA', 'Eagles', 'Queen']"))
        #expect(result.stdout.contains("exit status: 0"))
    }
}
