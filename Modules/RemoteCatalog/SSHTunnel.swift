#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScreenKit

/// The system `ssh` client carrying one connection to Facet on another
/// host: `ssh -T -o BatchMode=yes [-p PORT] [-l USER] HOST -- exec FACET
/// serve --stdio`, whose stdin and stdout are one end of a socket pair, so
/// the connection reads and writes it as it does a server's Unix socket.
/// Facet opens no port and speaks nothing on the network itself: keys,
/// agent, known hosts and jump hosts are the user's own ssh setup.
///
/// `ssh`'s stderr goes to an unlinked file (never to the terminal a TUI
/// draws on); when the connection ends its words and exit status tell
/// which failure it was (`SSHFailure`).
@MainActor
final class SSHTunnel {
    let destination: SSHDestination
    /// Our end of the socket pair.
    let fd: Int32
    private let pid: pid_t
    private var errors: Int32
    /// ssh's exit status once reaped; nil while it runs.
    private var exitStatus: Int32?

    /// Starts `ssh`. `environment` chooses the client (`FACET_SSH_COMMAND`,
    /// default `ssh`, split on spaces: a test passes `ssh -F CONFIG`) and
    /// the remote binary (`remoteFacet`, else `FACET_REMOTE`, else `facet`
    /// on the remote PATH). `interactive` lets ssh ask for a password or a
    /// host key on the terminal before a front end takes it over; anything
    /// else runs with `BatchMode`, so nothing waits on a prompt nobody sees.
    init(destination: SSHDestination, remoteFacet: String?, environment: [String: String], interactive: Bool)
        throws(ScreenError)
    {
        self.destination = destination
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .failed("cannot create a socket pair for ssh: \(String(cString: strerror(errno)))", code: "connect_failed")
        }
        var template = Array("/tmp/facet-ssh-XXXXXX".utf8CString)
        let errors = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if errors >= 0 {
            _ = fcntl(errors, F_SETFD, FD_CLOEXEC)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        let arguments = Self.arguments(
            destination: destination, remoteFacet: remoteFacet, environment: environment, interactive: interactive)
        // posix_spawn, not Foundation's Process: ssh closes every inherited
        // descriptor at start, which Process takes for the child's exit.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        if errors >= 0 {
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let entries = ProcessInfo.processInfo.environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            entries.forEach { free($0) }
            argv.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawnp(&child, arguments[0], &actions, nil, argv, entries)
        Glibc.close(pair[1])
        guard status == 0 else {
            Glibc.close(pair[0])
            if errors >= 0 { Glibc.close(errors) }
            throw .failed("cannot run ssh (\(arguments[0])): \(String(cString: strerror(status)))", code: "ssh_failed")
        }
        fd = pair[0]
        pid = child
        self.errors = errors
    }

    /// The command line: the client, then options that keep the channel
    /// clean (`-T`: no terminal, so bytes pass unchanged) and prompt-free,
    /// then the host and the remote command (`exec`, so that the remote
    /// core is the process ssh waits for, and its exit is ssh's).
    static func arguments(
        destination: SSHDestination, remoteFacet: String?, environment: [String: String], interactive: Bool
    ) -> [String] {
        let client = environment["FACET_SSH_COMMAND"].map { $0.split(separator: " ").map(String.init) }
            .flatMap { $0.isEmpty ? nil : $0 } ?? ["ssh"]
        var arguments = client + ["-T"]
        if !interactive { arguments += ["-o", "BatchMode=yes"] }
        if let port = destination.port { arguments += ["-p", String(port)] }
        if let user = destination.user { arguments += ["-l", user] }
        let facet = remoteFacet ?? environment["FACET_REMOTE"].flatMap { $0.isEmpty ? nil : $0 } ?? "facet"
        var command = "exec " + shellWord(facet) + " serve --stdio"
        if let socket = destination.socket { command += " --socket " + shellWord(socket) }
        return arguments + ["--", destination.host, command]
    }

    /// `text` as one word for the remote shell; a plain name stays as it is
    /// so that the remote PATH lookup and the messages read naturally.
    static func shellWord(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || "-._/+=:,@".contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Waits a moment for ssh to end (it does once the channel closes) and
    /// says what happened, from its exit status and its stderr.
    func failure(established: Bool) -> ScreenError {
        let deadline = ContinuousClock.now + .seconds(3)
        while !reap(), ContinuousClock.now < deadline { usleep(5_000) }
        return SSHFailure.explain(
            destination: destination, status: exitStatus, stderr: stderrText(), established: established)
    }

    /// What ssh (and the remote side) wrote on stderr so far.
    func stderrText() -> String {
        guard errors >= 0 else { return "" }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while bytes.count < 1 << 16 {
            let count = chunk.withUnsafeMutableBytes { pread(errors, $0.baseAddress, $0.count, offset) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether ssh has ended (reaping it if so); its status is then known.
    private func reap() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        guard done == pid else { return done < 0 && errno == ECHILD }
        // WIFEXITED / WEXITSTATUS; a signal counts as 128 + its number, as shells say.
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return true
    }

    /// Ends ssh (and with it the remote core of this connection).
    func close() {
        if !reap() {
            kill(pid, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(1)
            while !reap(), ContinuousClock.now < deadline { usleep(2_000) }
        }
        if errors >= 0 { Glibc.close(errors) }
        errors = -1
    }
}
