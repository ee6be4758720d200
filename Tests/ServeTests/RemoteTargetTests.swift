import Testing
@testable import RemoteCatalog

/// What `--connect VALUE` names, and the ssh command line it becomes: the
/// host is never taken for an option, and the remote command is one shell
/// line whatever the remote binary's path holds.
@Suite(.tags(.serve)) struct RemoteTargetTests {
    @Test func sshAddressesAndScpFormsGoThroughSSH() {
        #expect(RemoteTarget.parse("ssh://alice@box:2222/run/facet.sock")
            == .ssh(SSHDestination(user: "alice", host: "box", port: 2222, socket: "/run/facet.sock")))
        #expect(RemoteTarget.parse("ssh://box") == .ssh(SSHDestination(host: "box")))
        #expect(RemoteTarget.parse("ssh://[::1]:22") == .ssh(SSHDestination(host: "::1", port: 22)))
        #expect(RemoteTarget.parse("alice@box:") == .ssh(SSHDestination(user: "alice", host: "box")))
        #expect(RemoteTarget.parse("box:/tmp/f.sock") == .ssh(SSHDestination(host: "box", socket: "/tmp/f.sock")))
    }

    @Test func pathsStayLocalSockets() {
        #expect(RemoteTarget.parse("/tmp/facet.sock") == .socket("/tmp/facet.sock"))
        #expect(RemoteTarget.parse("./odd:name.sock") == .socket("./odd:name.sock"))
        // A host that would be an ssh option is no host.
        #expect(RemoteTarget.parse("ssh://-oProxyCommand=x") == .socket("ssh://-oProxyCommand=x"))
        #expect(RemoteTarget.parse("-oProxyCommand=x:") == .socket("-oProxyCommand=x:"))
        #expect(RemoteTarget.parse("ssh://box:port") == .socket("ssh://box:port"))
        #expect(!RemoteTarget.looksLikeTarget("playlists"))
        #expect(RemoteTarget.looksLikeTarget("alice@box:"))
    }

    @Test @MainActor func theSSHCommandLine() {
        let destination = SSHDestination(user: "alice", host: "box", port: 2222, socket: "/run/my facet.sock")
        let arguments = SSHTunnel.arguments(
            destination: destination, remoteFacet: "/opt/my facet/facet", environment: [:], interactive: false)
        #expect(arguments == [
            "ssh", "-T", "-o", "BatchMode=yes", "-p", "2222", "-l", "alice", "--", "box",
            "exec '/opt/my facet/facet' serve --stdio --socket '/run/my facet.sock'",
        ])
        let configured = SSHTunnel.arguments(
            destination: SSHDestination(host: "box"), remoteFacet: nil,
            environment: ["FACET_SSH_COMMAND": "ssh -F /etc/cfg", "FACET_REMOTE": "/usr/local/bin/facet"], interactive: true)
        #expect(configured == ["ssh", "-F", "/etc/cfg", "-T", "--", "box", "exec /usr/local/bin/facet serve --stdio"])
    }
}
