#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ServeFrontEnd

/// The uid check on a real connected socket pair: the kernel reports our
/// own uid; a server running as anyone else refuses us. (A test cannot
/// switch uid, so the refusal is shown by a server uid that is not ours.)
@MainActor
@Suite struct PeerCheckTests {
    func pair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (fds[0], fds[1])
    }

    @Test func theKernelReportsThePeersUID() {
        let (a, b) = pair()
        defer { close(a); close(b) }
        #expect(PeerCheck.peerUID(a) == getuid())
        #expect(PeerCheck().refusal(a) == nil)
    }

    @Test func aPeerOfAnotherUserIsRefused() throws {
        let (a, b) = pair()
        defer { close(a); close(b) }
        let refusal = try #require(PeerCheck(uid: getuid() &+ 1).refusal(a))
        #expect(refusal.contains("user \(getuid()) may not use this server"))
    }

    @Test func aDescriptorThatIsNotASocketIsRefused() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(PeerCheck().refusal(fds[0]) != nil)
    }
}
