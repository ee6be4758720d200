import Foundation
import Testing
import TestSupport

/// A commit that every client's screen must read again (a fan-out) does
/// not hold up a client that connects meanwhile: the newcomer's open is
/// answered while the others are still being told, not after all of them.
@Suite struct ServeFanOutFairnessTests {
    static let clients = 400

    @Test func aNewClientIsAnsweredDuringAFanOutNotAfterIt() throws {
        let server = try ServerProcess()
        var watchers: [SocketClient] = []
        for _ in 0..<Self.clients {
            let client = try SocketClient(path: server.socket)
            try client.post("screen.open", ["screen": "playlists"])
            watchers.append(client)
        }
        for client in watchers { _ = try client.response(id: 1, timeout: 60) }
        let list = server.home.file("one.m3u", "#EXTM3U\n#EXTINF:100,Artist - Song\n/music/song.mp3\n")
        let importer = try SocketClient(path: server.socket)
        let handle = try importer.open(["screen": "playlists"])["handle"] as? String ?? ""

        // Every watcher is read on a thread of its own while newcomers come
        // one after another, until the last watcher has been told.
        let told = Told()
        let watching = watchers
        let reading = Thread {
            for client in watching {
                _ = try? client.notification(timeout: 60) { $0["method"] as? String == "screen.changed" }
                told.one()
            }
        }
        let imported = try importer.request(
            "screen.perform", ["handle": handle, "action": "import", "args": ["path": list, "name": "Fan-out"]])
        #expect(imported["error"] == nil, "\(imported)")
        let answered = ContinuousClock.now
        reading.start()
        var waits: [Duration] = []
        while told.count < Self.clients, ContinuousClock.now - answered < .seconds(60) {
            let start = ContinuousClock.now
            let newcomer = try SocketClient(path: server.socket)
            #expect(!(try newcomer.open(["screen": "playlists"])).isEmpty)
            waits.append(ContinuousClock.now - start)
            newcomer.close()
        }
        let span = ContinuousClock.now - answered
        let longest = waits.max() ?? .zero
        print("fan-out to \(Self.clients) clients took \(span); the longest newcomer wait was \(longest) of \(waits.count)")
        #expect(told.count == Self.clients, "only \(told.count) of \(Self.clients) clients were told")
        #expect(longest < span / 4, "a newcomer waited \(longest) of a fan-out of \(span)")
        for client in watchers { client.close() }
        importer.close()
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var told = 0
    func one() { lock.withLock { told += 1 } }
    var count: Int { lock.withLock { told } }
}
