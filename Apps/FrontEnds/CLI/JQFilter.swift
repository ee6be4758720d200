import CJQ
import Foundation
import ScreenKit

/// gh's `--jq EXPR`: the `--json FIELDS` output filtered with jq's own
/// language by jq's own library, so every jq program works as it does in
/// `jq` (no hand-written subset to drift from it). Each result is one line:
/// a string as its text (as gh and `jq -r` print it), anything else as
/// compact JSON.
///
/// The library is opened at run time, not linked: the release `facet` is
/// one static executable and Debian ships jq only shared (libjq1, which
/// the `jq` command needs anyway). Without it, `--jq` says how to get it.
struct JQFilter {
    typealias Init = @convention(c) () -> OpaquePointer?
    typealias SetErrorCallback = @convention(c) (OpaquePointer?, jq_msg_cb?, UnsafeMutableRawPointer?) -> Void
    typealias Compile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Start = @convention(c) (OpaquePointer?, jv, Int32) -> Void
    typealias Next = @convention(c) (OpaquePointer?) -> jv
    typealias Teardown = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    typealias Parse = @convention(c) (UnsafePointer<CChar>?) -> jv
    typealias Kind = @convention(c) (jv) -> jv_kind
    typealias StringValue = @convention(c) (jv) -> UnsafePointer<CChar>?
    typealias Dump = @convention(c) (jv, Int32) -> jv
    typealias Free = @convention(c) (jv) -> Void
    typealias Message = @convention(c) (jv) -> jv
    typealias HasMessage = @convention(c) (jv) -> Int32
    typealias Copy = @convention(c) (jv) -> jv

    /// The versioned name first: the runtime package (libjq1) has only it.
    static let names = ["libjq.so.1", "libjq.so"]

    let program: String
    private let library: Library

    /// Compiles `program` now, before any action runs: a typo is a usage
    /// error that changes nothing.
    init(_ program: String) throws(ScreenError) {
        guard let library = Library.shared else {
            throw .invalidParams(
                "--jq needs jq's library, which is not installed (Debian: apt install libjq1, or apt install jq)",
                code: "cli.jq_missing")
        }
        self.program = program
        self.library = library
        let state = library.begin()
        defer { library.end(state) }
        let errors = library.compile(program, in: state)
        if let errors { throw .invalidParams("--jq: \(errors)", code: "cli.jq_invalid") }
    }

    /// The program's results for `json`, one line each; a run-time error
    /// (`.[] + 1` on an object) after the lines produced before it.
    func run(_ json: String) -> (lines: [String], error: String?) {
        let state = library.begin()
        defer { library.end(state) }
        if let errors = library.compile(program, in: state) { return ([], errors) }
        return library.results(of: json, in: state)
    }

    /// jq's entry points, looked up once per process.
    final class Library: @unchecked Sendable {
        static let shared: Library? = names.lazy.compactMap { Library(path: $0) }.first

        let initialize: Init
        let setErrorCallback: SetErrorCallback
        let compileProgram: Compile
        let start: Start
        let next: Next
        let teardown: Teardown
        let parse: Parse
        let kind: Kind
        let stringValue: StringValue
        let dump: Dump
        let free: Free
        let message: Message
        let hasMessage: HasMessage
        let copy: Copy

        init?(path: String) {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
            func symbol<T>(_ name: String, _: T.Type) -> T? {
                dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
            }
            guard let initialize = symbol("jq_init", Init.self),
                  let setErrorCallback = symbol("jq_set_error_cb", SetErrorCallback.self),
                  let compileProgram = symbol("jq_compile", Compile.self),
                  let start = symbol("jq_start", Start.self),
                  let next = symbol("jq_next", Next.self),
                  let teardown = symbol("jq_teardown", Teardown.self),
                  let parse = symbol("jv_parse", Parse.self),
                  let kind = symbol("jv_get_kind", Kind.self),
                  let stringValue = symbol("jv_string_value", StringValue.self),
                  let dump = symbol("jv_dump_string", Dump.self),
                  let free = symbol("jv_free", Free.self),
                  let message = symbol("jv_invalid_get_msg", Message.self),
                  let hasMessage = symbol("jv_invalid_has_msg", HasMessage.self),
                  let copy = symbol("jv_copy", Copy.self)
            else {
                dlclose(handle)
                return nil
            }
            (self.initialize, self.setErrorCallback, self.compileProgram, self.start, self.next, self.teardown) =
                (initialize, setErrorCallback, compileProgram, start, next, teardown)
            (self.parse, self.kind, self.stringValue, self.dump, self.free, self.message, self.hasMessage, self.copy) =
                (parse, kind, stringValue, dump, free, message, hasMessage, copy)
        }

        /// One jq state and the box its error callback writes into.
        struct State {
            let jq: OpaquePointer?
            let messages: Messages
        }

        /// What jq reports while compiling (its callback's context).
        final class Messages {
            var lines: [String] = []
        }

        func begin() -> State {
            let state = State(jq: initialize(), messages: Messages())
            setErrorCallback(state.jq, { context, message in
                guard let context else { return }
                let messages = Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue()
                messages.lines.append(Library.shared?.text(of: message) ?? "error")
            }, Unmanaged.passUnretained(state.messages).toOpaque())
            return state
        }

        func end(_ state: State) {
            var jq = state.jq
            teardown(&jq)
            withExtendedLifetime(state.messages) {}
        }

        /// Nil when it compiled; jq's own messages when not.
        func compile(_ program: String, in state: State) -> String? {
            guard compileProgram(state.jq, program) == 0 else { return nil }
            let lines = state.messages.lines.map { line in
                (line.hasPrefix("jq: ") ? String(line.dropFirst(4)) : line)
                    .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            }
            return lines.isEmpty ? "jq could not compile the program" : lines.joined(separator: "; ")
        }

        func results(of json: String, in state: State) -> (lines: [String], error: String?) {
            let input = parse(json)
            guard kind(input) != JV_KIND_INVALID else {
                free(input)
                return ([], "the JSON to filter could not be read")
            }
            start(state.jq, input, 0)
            var lines: [String] = []
            while true {
                let result = next(state.jq)
                if kind(result) == JV_KIND_INVALID {
                    guard hasMessage(copy(result)) != 0 else {
                        free(result)
                        return (lines, nil)
                    }
                    let text = self.text(of: message(result))
                    return (lines, text)
                }
                lines.append(line(result))
            }
        }

        /// A result as gh prints it: a string's text, anything else compact JSON.
        private func line(_ value: jv) -> String {
            if kind(value) == JV_KIND_STRING {
                let text = stringValue(value).map { String(cString: $0) } ?? ""
                free(value)
                return text
            }
            let dumped = dump(value, 0)
            defer { free(dumped) }
            return stringValue(dumped).map { String(cString: $0) } ?? ""
        }

        /// A message value (consumed) as text: a string's text, else its JSON.
        func text(of value: jv) -> String {
            if kind(value) == JV_KIND_STRING {
                defer { free(value) }
                return stringValue(value).map { String(cString: $0) } ?? ""
            }
            if kind(value) == JV_KIND_INVALID {
                free(value)
                return "error"
            }
            let dumped = dump(value, 0)
            defer { free(dumped) }
            return stringValue(dumped).map { String(cString: $0) } ?? ""
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
