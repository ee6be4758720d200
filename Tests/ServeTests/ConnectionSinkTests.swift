#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ServeFrontEnd

/// The server's per-client output on a real socket pair: responses first,
/// notifications after them, and only the newest per handle when the client
/// does not keep up.
@MainActor
@Suite struct ConnectionSinkTests {
    func pair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (fds[0], fds[1])
    }

    /// Reads on another thread until `marker` has arrived (or 20 s).
    nonisolated static func read(_ fd: Int32, until marker: String) async -> String {
        await Task.detached {
            var data = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            // Generous: the answer comes from the main actor, which every
            // main-actor test of the run shares; only a failure waits it out.
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 100) > 0 else { continue }
                let count = recv(fd, &chunk, chunk.count, 0)
                if count <= 0 { break }
                data += chunk[0..<count]
                // The marker anywhere in what just came (or across its start).
                if String(decoding: data.suffix(count + marker.utf8.count), as: UTF8.self).contains(marker) { break }
            }
            return String(decoding: data, as: UTF8.self)
        }.value
    }

    @Test func notificationsFollowTheResponsesOfTheirBatchNewestPerHandle() async {
        let (server, client) = pair()
        defer { close(server); close(client) }
        let sink = ConnectionSink(fd: server)
        sink.inBatch = true
        sink.notify(Array("h1 v1".utf8), key: "h1")
        sink.send(Array("response".utf8))
        sink.notify(Array("h1 v2".utf8), key: "h1")
        sink.notify(Array("h2 v1".utf8), key: "h2")
        sink.flush()
        sink.inBatch = false
        #expect(await Self.read(client, until: "h2 v1") == "response\nh1 v2\nh2 v1\n")
    }

    @Test func aClientThatDoesNotReadGetsTheNewestNotificationNotABacklog() async {
        let (server, client) = pair()
        defer { close(server); close(client) }
        let sink = ConnectionSink(fd: server)
        // More than the socket holds: the rest waits in the sink.
        let big = [UInt8](repeating: UInt8(ascii: "r"), count: 4 << 20)
        sink.send(big)
        sink.flush()
        #expect(sink.backlog > 0)
        let waiting = sink.backlog
        for version in 1...1000 {
            sink.notify(Array("changed \(version)".utf8), key: "h1")
            sink.flush()
        }
        // Nothing grew but one held notification.
        #expect(sink.backlog == waiting)
        #expect(sink.heldCount == 1)
        let received = await Self.read(client, until: "changed 1000")
        #expect(received.hasPrefix(String(repeating: "r", count: 100)))
        #expect(received.components(separatedBy: "changed").count == 2, "one notification, the newest")
        #expect(received.hasSuffix("\nchanged 1000\n"))
    }

    @Test func aPeerThatHasGoneClosesTheSinkAndWakesWaiters() async {
        let (server, client) = pair()
        defer { close(server) }
        let sink = ConnectionSink(fd: server)
        sink.send([UInt8](repeating: 0x41, count: 4 << 20))
        sink.flush()
        close(client)
        await sink.waitUntil(backlogAtMost: 0)  // returns: the write fails, the sink closes
        #expect(sink.isClosed)
    }
}
