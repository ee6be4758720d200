import Foundation
import Testing

/// Every child process a test starts has a deadline: a hung child fails the
/// test that met it instead of hanging the run. In the test code under
/// `Tests/`, a Swift `Process()` must be handed to a `ChildDeadline` in its
/// file (or started through a helper that does: `FacetProcess`,
/// `BoundedProcess`, `Attack.shell`, …), a `posix_spawn` pid to
/// `ChildDeadline(pid:)`, and a Python `subprocess` call (also one embedded
/// in a Swift string) must pass `timeout=`. A start that cannot is listed
/// below with how it is bounded instead; a new one fails this test until it
/// has a deadline or a reason here.
@Suite struct ChildDeadlineRuleTests {
    typealias Allowed = TestSources.Allowed

    static let allowed: [Allowed] = [
        Allowed(file: "Tests/TestSupport/LoopbackFixtureProcess.swift", snippet: "private let process = Process()",
                why: "a fixture server one test or the whole run shares: it exits when its stdin pipe, which only the test process holds, closes, so it ends with the tests; a fixed deadline would stop a shared server mid-run"),
        Allowed(file: "Tests/LayeringTests/SwiftPMCommand.swift", snippet: "let process = Process()",
                why: "LayeringTests does not link TestSupport (so ChildDeadline): the swift commands the rules run have their own deadline, a semaphore wait after which the command is terminated"),
        Allowed(file: "Tests/MCPClient/mcp_e2e.py", snippet: "async with stdio_client(params)", times: 4,
                why: "the session runs inside asyncio.wait_for(…, timeout=TIMEOUT) in main(), whose cancellation ends the server"),
        Allowed(file: "Tests/MCPClient/mcp_sessions.py", snippet: "async with stdio_client(params)",
                why: "the sessions run inside asyncio.wait_for(…, timeout=TIMEOUT) in main(), whose cancellation ends each server"),
    ]

    /// `let NAME = Process()` (the name the deadline must be given).
    static let swiftProcess = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])(?:Foundation\.)?Process\(\)"#)
    static let swiftBinding = try! NSRegularExpression(pattern: #"(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*Process\s*)?=\s*(?:Foundation\.)?Process\(\)"#)
    /// Starts with no handle to give a deadline before it runs.
    static let swiftUnboundable = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_])(?:Process\.run\(|fork\(\))"#)
    static let spawn = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_])posix_spawnp?\(\s*&\s*([A-Za-z_][A-Za-z0-9_]*)"#)
    /// A process started from Python (in a .py file or a script in a Swift string).
    static let python = try! NSRegularExpression(
        pattern: #"\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\(|\bos\.(?:system|popen|spawn[a-z]*|exec[a-z]*)\(|create_subprocess_(?:exec|shell)\(|\bstdio_client\("#)

    static func first(_ pattern: NSRegularExpression, _ line: String) -> NSTextCheckingResult? {
        pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
    }

    static func group(_ match: NSTextCheckingResult, _ index: Int, _ line: String) -> String? {
        Range(match.range(at: index), in: line).map { String(line[$0]) }
    }

    /// Whether line `index` of a file (`text`, split into `lines`) starts a
    /// child with no deadline.
    static func startsUnbounded(_ text: String, _ lines: [String], _ index: Int, swift: Bool) -> Bool {
        let line = lines[index]
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") || !swift && code.hasPrefix("#") { return false }
        if let match = first(python, line) {
            // The call's statement: from the match to where its parentheses close.
            var statement = String(line[Range(match.range, in: line)!.lowerBound...])
            var depth = statement.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
            var next = index + 1
            while depth > 0, next < lines.count, next <= index + 12 {
                statement += "\n" + lines[next]
                depth += lines[next].reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
                next += 1
            }
            if !statement.contains("timeout=") { return true }
        }
        guard swift else { return false }
        if first(swiftUnboundable, line) != nil { return true }
        if let match = first(spawn, line), let pid = group(match, 1, line) {
            return !text.contains("ChildDeadline(pid: \(pid)")
        }
        if first(swiftProcess, line) != nil {
            guard let binding = first(swiftBinding, line), let name = group(binding, 1, line) else { return true }
            return !text.contains("ChildDeadline(\(name),") && !text.contains("ChildDeadline(self.\(name),")
        }
        return false
    }

    static func startsUnbounded(_ file: String, swift: Bool = true) -> [Int] {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.filter { startsUnbounded(file, lines, $0, swift: swift) }
    }

    @Test func theDetectorFindsEveryChildWithoutADeadline() {
        // Each of these starts a child that nothing bounds (the hit is line 0).
        for file in [
            "let process = Process()\ntry process.run()\nprocess.waitUntilExit()",
            "let task = Process()\ntry task.run()\nlet deadline = ChildDeadline(process, seconds: 5)",
            "private let process = Foundation.Process()\n",
            "let runner: Process = Process()\n",
            "children.append(Process())",
            "try Process.run(URL(fileURLWithPath: \"/bin/true\"), arguments: []) { _ in }",
            "let spawned = posix_spawn(&child, path, nil, nil, argv, nil)\nwaitpid(child, &status, 0)",
            "let spawned = posix_spawn(&child, path, nil, nil, argv, nil)\nChildDeadline(pid: other, seconds: 5)",
            "out = subprocess.run([binary, \"--json\"], capture_output=True)",
            "subprocess.run([binary, \"x\"],\n    check=True)\nwait(timeout=5)",
            "p = subprocess.Popen([\"facet\"])",
            "os.system(\"facet serve &\")",
            "proc = await asyncio.create_subprocess_exec(binary)",
            "async with stdio_client(params) as (read, write):",
        ] {
            #expect(Self.startsUnbounded(file) == [0], "\(file)")
        }
        // And these have their deadline.
        for file in [
            "let process = Process()\ntry process.run()\nlet deadline = ChildDeadline(process, seconds: 60)",
            "public let process = Process()\nlifetime = ChildDeadline(self.process, seconds: 60)",
            "let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, environment)\nlet deadline = ChildDeadline(pid: pid, seconds: 60)",
            "out = subprocess.run([binary], capture_output=True, timeout=60)",
            "subprocess.run([binary, \"--connect\", socket],\n               capture_output=True, timeout=60, check=True)",
            "let result = try FacetProcess.run([\"whoami\"], home: home)",
            "let run = try BoundedProcess.run(\"/usr/bin/du\", [\"-sb\", path], timeout: 60)",
            "let server = try ServerProcess()\nlet client = WebServerProcess()",
            "// let process = Process() in a comment",
            "/// Spawned with `posix_spawn` and a cleared signal mask",
        ] {
            #expect(Self.startsUnbounded(file).isEmpty, "\(file)")
        }
        // Python's rule applies to a script in a Swift string; Swift's not to Python.
        #expect(Self.startsUnbounded("    subprocess.run([sys.argv[1]], capture_output=True)", swift: false) == [0])
    }

    @Test func everyChildATestStartsHasADeadline() throws {
        let files = TestSources.files(excluding: #filePath)
        #expect(files.contains("Tests/FacetTesting/FacetProcess.swift"))
        let (offending, stale) = try TestSources.check(files, allowed: Self.allowed) { file, text, lines, index in
            Self.startsUnbounded(text, lines, index, swift: file.hasSuffix(".swift"))
        }
        #expect(offending.isEmpty, """
            a child process a test starts needs a deadline: give it a ChildDeadline (or start it through FacetProcess, \
            BoundedProcess, Attack.shell…), pass timeout= in Python, or list the line in ChildDeadlineRuleTests.allowed \
            with how it is bounded:
            \(offending.joined(separator: "\n"))
            """)
        // Entries whose line has gone: the list says only what is true.
        #expect(stale.isEmpty, "entries that match no line any more:\n\(stale.joined(separator: "\n"))")
    }
}
