import Foundation
import ScreenKit

/// Where the CLI writes, and the only place that does: results on stdout;
/// errors, warnings, hints and progress on stderr. Every write goes through
/// here so that how the process writes (and copes with a closed pipe) is
/// decided in one place.
struct Output {
    enum Stream { case standardOutput, standardError }

    let renderer: SnapshotRenderer
    let errorStyle: TerminalStyle
    let environment: [String: String]
    /// Where text finally goes: the process's stdout and stderr, or a
    /// recorder in tests.
    let sink: (String, Stream) -> Void
    /// True when `sink` is the process's own streams (not a test's recorder).
    private let toProcess: Bool
    /// Whether stdout is a terminal, read by a person: only then do status
    /// lines and a list's footer share it with the result; a pipe or a
    /// file gets the result alone (`facet playlists | wc -l` counts rows).
    let stdoutIsTerminal: Bool

    init(environment: [String: String]) {
        self.environment = environment
        renderer = SnapshotRenderer(
            style: TerminalStyle(fileDescriptor: 1, environment: environment),
            width: TerminalStyle.width(fileDescriptor: 1, environment: environment))
        errorStyle = TerminalStyle(fileDescriptor: 2, environment: environment)
        sink = Self.writeToProcess
        toProcess = true
        stdoutIsTerminal = isatty(1) == 1
    }

    /// Plain output of `width` columns into `sink`, for tests.
    init(width: Int, stdoutIsTerminal: Bool = true, sink: @escaping (String, Stream) -> Void) {
        self.stdoutIsTerminal = stdoutIsTerminal
        environment = [:]
        renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: width)
        errorStyle = TerminalStyle(enabled: false)
        self.sink = sink
        toProcess = false
    }

    /// A line (or lines) of the result on stdout.
    func print(_ text: String) {
        write(text + "\n", to: .standardOutput)
    }

    /// Several result lines in one write.
    func print(lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n", to: .standardOutput)
    }

    /// Result text already encoded as UTF-8 (rows written a page at a
    /// time), on stdout. Written as it is: turning each page into a `String`
    /// first would copy and re-check every byte of a long listing once more.
    func print(utf8 bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if toProcess {
            StandardStreams.write(bytes, to: StandardStreams.output)
        } else {
            sink(String(decoding: bytes, as: UTF8.self), .standardOutput)
        }
    }

    /// A usage error or a failure that is not a screen's own status:
    /// `facet: message` on stderr.
    func error(_ message: String) {
        write(errorStyle.red("facet: ") + TerminalText.sanitize(message) + "\n", to: .standardError)
    }

    /// A status line (`✗ …`, `! …`) on stderr, styled for stderr.
    func diagnostic(_ status: ScreenStatus) {
        let styled = SnapshotRenderer(style: errorStyle, width: renderer.width)
        guard let line = styled.statusLine(status) else { return }
        write(line + "\n", to: .standardError)
    }

    /// Whether lines about a table (its title, header and footer, the
    /// status after it) go to stderr: when stdout is a pipe or a file, so a
    /// script reading a table reads its rows alone (`facet playlists | wc -l`).
    /// A form or a detail keeps its status line, which is its answer.
    func asidesToStderr(table: Bool) -> Bool { table && !stdoutIsTerminal }

    /// A line about a table rather than of it (its title, header, `1–2 of 2` footer):
    /// on stdout for a person, on stderr for a pipe.
    func aside(_ text: String) {
        guard asidesToStderr(table: true) else { return print(text) }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { note(String(line)) }
    }

    /// A notice or progress status printed after the result (`✓ Imported
    /// …`): after a table, placed as `aside` places its footer.
    func statusAside(_ status: ScreenStatus, table: Bool) {
        if !asidesToStderr(table: table) {
            if let line = renderer.statusLine(status) { print(line) }
        } else {
            diagnostic(status)
        }
    }

    /// A plain note on stderr (hints, "more rows exist").
    func note(_ message: String) {
        write(errorStyle.dim(TerminalText.sanitize(message)) + "\n", to: .standardError)
    }

    /// Rewrites one progress line in place on a terminal (nil clears it).
    func progressLine(_ message: String?) {
        let width = TerminalStyle.width(fileDescriptor: 2, environment: environment)
        let text = message.map { TerminalText.truncate(TerminalText.sanitize($0), to: max(10, width - 1)) } ?? ""
        write("\r\u{1B}[K" + errorStyle.dim(text), to: .standardError)
    }

    private func write(_ text: String, to stream: Stream) {
        sink(text, stream)
    }

    /// Through the one non-trapping writer: a reader that went away ends
    /// the process quietly, as `cat` does; no I/O error ever traps.
    private static func writeToProcess(_ text: String, _ stream: Stream) {
        if stream == .standardOutput {
            StandardStreams.print(text, terminator: "")
        } else {
            StandardStreams.printError(text, terminator: "")
        }
    }
}
