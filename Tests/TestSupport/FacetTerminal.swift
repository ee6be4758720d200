import Foundation

extension FacetProcess {
    /// Runs the built `facet` with stdout and stderr on a pseudo-terminal
    /// (util-linux `script`), for what Facet prints to a person rather
    /// than to a pipe. Both streams arrive merged in `stdout`, with the
    /// terminal's CR LF line ends turned back into LF.
    public static func runOnTerminal(
        _ arguments: [String], home: String, environment extra: [String: String] = [:], timeout: TimeInterval = 180
    ) throws -> Result {
        let command = ([binary] + arguments).map(shellQuoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = environment(home: home, extra: extra)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: timeout)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        if deadline.expired { throw deadline.failure("script facet \(arguments.joined(separator: " "))", stderr: text) }
        return Result(status: process.terminationStatus, stdout: text, stderr: "")
    }
}
