import Foundation
import TestSupport

/// Runs `sh -c script` with `arguments` as `$1…` in a mount namespace of
/// its own (`unshare --mount`), so a test can mount a tmpfs under a
/// temporary folder without the host ever seeing it; answers the exit
/// status and what it printed on stdout and stderr together.
func inPrivateMountNamespace(_ script: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["--mount", "--propagation", "private", "sh", "-c", script, "sh"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let deadline = ChildDeadline(process, seconds: 300)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    deadline.finish()
    if deadline.expired { throw deadline.failure("unshare sh -c …", stderr: text) }
    return (process.terminationStatus, text)
}
