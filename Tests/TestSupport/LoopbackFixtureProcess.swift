import Foundation

/// A fixture server from `Tools/fixtures`, run with python3 on 127.0.0.1 at
/// an ephemeral port it prints first (`PORT <n>`).
///
/// Its stdin is a pipe only this process writes to: the script exits when
/// that pipe closes, so a server this process never releases (one shared
/// for the whole run, or a test that crashed) still ends with the tests
/// instead of outliving them.
final class LoopbackFixtureProcess: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    struct DidNotStart: Error, CustomStringConvertible {
        let script: String
        let firstLine: String
        var description: String { "\(script) did not print its port; it printed \(firstLine.debugDescription)" }
    }

    /// The repository's `Tools/fixtures/NAME`.
    static func script(_ name: String) -> String { FixtureServer.repositoryRoot + "/Tools/fixtures/" + name }

    init(script: String, arguments: [String] = []) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Byte by byte, so nothing after the first line is consumed; a
        // loaded machine may take seconds to start Python.
        var line = Data()
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(30)
        while !line.contains(0x0A), Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            Self.stop(process, input)
            throw DidNotStart(script: script, firstLine: text)
        }
        self.port = port
    }

    deinit { Self.stop(process, input) }

    private static func stop(_ process: Process, _ input: Pipe) {
        try? input.fileHandleForWriting.close()
        // SIGKILL: the test process may block SIGTERM, and children inherit the mask.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
