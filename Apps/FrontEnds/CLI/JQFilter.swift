import Foundation
import ScreenKit

/// gh's `--jq EXPR`: the `--json FIELDS` output filtered with jq's own
/// language by the `jq` command itself, so every jq program works as it
/// does in `jq` (no hand-written subset to drift from it). Each result is
/// one line: a string as its text (as gh and `jq -r` print it), anything
/// else as compact JSON.
///
/// The command, not its library: the release `facet` is one static
/// executable, and a library opened inside one brings a second C library
/// whose per-thread keys collide with the first's (jq keeps its
/// out-of-memory handler in one, and crashed on it). A child process has a
/// C library of its own. Without the command, `--jq` says how to get it.
struct JQFilter {
    let program: String
    private let executable: String

    /// jq's exit status for a program it cannot compile.
    static let compileFailed: Int32 = 3

    /// Compiles `program` now, before any action runs: a typo is a usage
    /// error that changes nothing. `empty | …` compiles the program without
    /// running it: `|` binds loosest in jq, so the program stays whole.
    init(_ program: String) throws(ScreenError) {
        guard let executable = Self.command() else {
            throw .invalidParams("--jq needs the jq command, which is not installed (Debian: apt install jq)", code: "cli.jq_missing")
        }
        self.program = program
        self.executable = executable
        let check = Self.run(executable, ["-n", "empty | " + program], input: Data())
        if check.status == Self.compileFailed {
            throw .invalidParams("--jq: \(Self.message(check.errors))", code: "cli.jq_invalid")
        }
    }

    /// The program's results for `json`, one line each; a run-time error
    /// (`.[] + 1` on an object) after the lines produced before it.
    func run(_ json: String) -> (lines: [String], error: String?) {
        let result = Self.run(executable, ["-r", "-c", program], input: Data(json.utf8))
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard result.status == 0 else { return (lines, Self.message(result.errors)) }
        return (lines, nil)
    }

    /// `jq` on the PATH.
    static func command() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/jq" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// jq's messages as one line: its `jq: error…:` lines without those
    /// prefixes, not the program's text it quotes or the count of errors.
    static func message(_ errors: String) -> String {
        let lines = errors.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("jq: ") && !$0.hasSuffix("compile error") && !$0.hasSuffix("compile errors")
        }
        let texts = lines.map { line -> String in
            var text = Substring(line).dropFirst(4)
            if text.hasPrefix("error"), let colon = text.range(of: ": ") { text = text[colon.upperBound...] }
            if text.hasSuffix(":") { text = text.dropLast() }
            return text.trimmingCharacters(in: .whitespaces)
        }
        return texts.isEmpty ? "jq failed" : texts.joined(separator: "; ")
    }

    /// Runs jq with `input` on its stdin (written from another thread, so a
    /// large input and a large output never wait on each other).
    static func run(_ executable: String, _ arguments: [String], input: Data) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        // A program that ends before reading all its input (`first(inputs)`)
        // closes the pipe under the writer: an error to ignore, not a signal
        // that ends facet. The usual disposition is back once jq is done.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        do { try process.run() } catch { return (127, "", "jq could not be started: \(error)") }
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errors = ErrorsReader(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), errors.text())
    }

    /// jq's stderr, read on its own thread while stdout is read on this one.
    private final class ErrorsReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

extension JQFilter {
    /// Takes `--jq EXPR` (or `--jq=EXPR`) off the line: the program, or nil.
    static func extract(from tokens: inout [String]) throws(ScreenError) -> String? {
        var program: String?
        var rest: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--jq" {
                guard index < tokens.count else { throw .invalidParams("option --jq needs a jq program, as --jq '.[].name'") }
                program = tokens[index]
                index += 1
            } else if token.hasPrefix("--jq=") {
                program = String(token.dropFirst("--jq=".count))
            } else {
                rest.append(token)
            }
        }
        tokens = rest
        return program
    }

    /// `--jq` without a field list: gh's rule, since bare `--json` means the
    /// whole snapshot and keeps that meaning.
    static let needsFields = ScreenError.invalidParams(
        "--jq filters --json FIELDS (as gh): name the fields, as --json name,songs --jq '.[].name'")
}

extension CommandRunner {
    /// What `--json FIELDS` prints, through `--jq` when given: false when
    /// the program failed on it (jq's message on stderr, after the results
    /// it printed before).
    func printJSON(_ text: String) -> Bool {
        guard let jq else {
            out.print(text)
            return true
        }
        let result = jq.run(text)
        out.print(lines: result.lines)
        if let error = result.error {
            out.error("--jq: " + error)
            return false
        }
        return true
    }
}
