import Foundation

/// A real OpenSSH server for a test: Debian's `sshd` on 127.0.0.1 and a free
/// port, with its own generated host key, user key, `authorized_keys`,
/// `known_hosts` and client `ssh_config` (never the machine's own). The
/// host alias `facet-test` in that config reaches it; `clientEnvironment`
/// makes `facet --connect ssh://facet-test` use that config
/// (`FACET_SSH_COMMAND`) and the built binary as the remote facet
/// (`FACET_REMOTE`). The remote side gets `remoteHome` as its `FACET_HOME`
/// (and TZ, FACET_CLOCK) through `SetEnv`/`AcceptEnv`.
/// Stopped (SIGTERM) when released.
public final class SSHServer: @unchecked Sendable {
    public static let alias = "facet-test"
    public let folder = TemporaryDirectory("facet-sshd")
    public let remoteHome: TemporaryDirectory
    public let port: Int
    public let config: String
    public let knownHosts: String
    private var pid: pid_t = 0
    private var lifetime: ChildDeadline?
    private let log: String

    /// Starts sshd and waits until it accepts TCP connections.
    public init(remoteHome: TemporaryDirectory = TemporaryDirectory("facet-ssh-remote"),
                remoteEnvironment: [String: String] = [:]) throws {
        self.remoteHome = remoteHome
        let dir = folder.path
        try Self.keygen(dir + "/host_key")
        try Self.keygen(dir + "/user_key")
        try FileManager.default.copyItem(atPath: dir + "/user_key.pub", toPath: dir + "/authorized_keys")
        // The privilege-separation folder sshd insists on.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        port = LoopbackPort.vacant()
        log = dir + "/sshd.log"
        let remote = ["FACET_HOME": remoteHome.path, "TZ": "UTC"].merging(remoteEnvironment) { $1 }
        folder.file("sshd_config", """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(dir)/host_key
            AuthorizedKeysFile \(dir)/authorized_keys
            PidFile none
            UsePAM no
            StrictModes no
            PermitRootLogin yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            AcceptEnv FACET_* TZ
            LogLevel VERBOSE

            """)
        let hostKey = try String(contentsOfFile: dir + "/host_key.pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        knownHosts = folder.file("known_hosts", "\(Self.alias) \(hostKey)\n")
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        let setEnv = remote.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        config = folder.file("ssh_config", """
            Host \(Self.alias)
              HostName 127.0.0.1
              Port \(port)
              User \(user)
              HostKeyAlias \(Self.alias)
              IdentityFile \(dir)/user_key
              IdentitiesOnly yes
              UserKnownHostsFile \(dir)/known_hosts
              GlobalKnownHostsFile /dev/null
              StrictHostKeyChecking yes
              PasswordAuthentication no
              LogLevel ERROR
              SetEnv \(setEnv)

            """)
        // posix_spawn, not Foundation's Process: sshd closes every inherited
        // descriptor at start, which Process takes for the child's exit (its
        // monitor thread then blocks reaping sshd, and no other child of the
        // test process is reaped meanwhile).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let words: [String] = ["/usr/sbin/sshd", "-D", "-e", "-f", dir + "/sshd_config"]
        let settings: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let spawned = posix_spawn(&pid, "/usr/sbin/sshd", &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(message: "cannot start sshd: \(String(cString: strerror(spawned)))") }
        lifetime = ChildDeadline(pid: pid, seconds: ChildLifetime.longest)
        try waitUntilListening()
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        lifetime?.finish()
    }

    private var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// The environment of a `facet --connect ssh://facet-test` client:
    /// this server's client config, and the built binary as the remote facet
    /// unless `remoteFacet` names another (nil: none, `facet` on the remote PATH).
    public func clientEnvironment(remoteFacet: String? = FacetProcess.binary) -> [String: String] {
        var environment = ["FACET_SSH_COMMAND": "ssh -F \(config)"]
        if let remoteFacet { environment["FACET_REMOTE"] = remoteFacet }
        return environment
    }

    /// Replaces the known host key with another one: the host is then not the one known.
    public func forgetHostKey() throws {
        try Self.keygen(folder.path + "/other_key")
        let other = try String(contentsOfFile: folder.path + "/other_key.pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        folder.file("known_hosts", "\(Self.alias) \(other)\n")
    }

    /// What sshd logged.
    public var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Every address sshd listens on, from /proc/net/tcp*: the test checks
    /// it is loopback alone.
    public var listeningAddresses: [String] {
        var found: [String] = []
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { continue }
                let local = fields[1].split(separator: ":")
                guard local.count == 2, Int(local[1], radix: 16) == port else { continue }
                found.append(String(local[0]))
            }
        }
        return found
    }

    /// The remote `facet serve --stdio` of a test, found by its `FACET_HOME`
    /// (a relay or a core), waiting for it to start.
    public static func remoteCore(home: String) -> Int32? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry),
                      let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                      String(decoding: command, as: UTF8.self).contains("serve\0--stdio"),
                      let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                      String(decoding: environ, as: UTF8.self).split(separator: "\0").contains(Substring("FACET_HOME=" + home))
                else { continue }
                return pid
            }
            usleep(20_000)
        }
        return nil
    }

    private func waitUntilListening(timeout: TimeInterval = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if LoopbackPort.accepts(port) { return }
            guard isRunning else { throw Failure(message: "sshd exited: \(logText)") }
            usleep(20_000)
        }
        throw Failure(message: "sshd did not listen on \(port): \(logText)")
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static func keygen(_ path: String) throws {
        let result = try BoundedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path], timeout: 60)
        guard result.status == 0 else { throw Failure(message: "ssh-keygen: \(result.stderr)") }
    }
}
