#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import ScreenKit
import Testing
@testable import ServeFrontEnd

/// A client's screens are its own, so they go with it: when a connection's
/// peer vanishes without closing anything, the server's catalog forgets
/// every screen it opened and closes their view models.
@MainActor
@Suite struct ClientScreensReleaseTests {
    final class Blank: ScreenModel {
        var closed = false
        override var snapshot: ScreenSnapshot {
            ScreenSnapshot(screen: "blank", title: "Blank", content: ScreenContent(detail: DetailContent(rows: [])), actions: [])
        }
        override func close() {
            closed = true
            super.close()
        }
    }

    final class Catalog: ScreenCatalog {
        var made: [Blank] = []
        var screens: [ScreenDescriptor] { [ScreenDescriptor(id: "blank", title: "Blank", summary: "", actions: [])] }
        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
            let screen = Blank()
            made.append(screen)
            return screen
        }
    }

    @Test func aClientThatVanishesTakesItsScreensWithIt() async throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let base = Catalog()
        let catalog = SharedDataCatalog(base: base)
        let context = FrontEndContext(
            catalog: catalog, arguments: [], environment: [:], version: "test", home: ScreenRequest(screen: "blank"))
        let connection = Connection(fd: fds[0], loop: EventLoop.shared, catalog: catalog, context: context, lineLimit: 1 << 16)
        let served = Task { @MainActor in await connection.run() }
        let open = #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"blank"}}"# + "\n"
        let request = Array((open + open.replacingOccurrences(of: #""id":1"#, with: #""id":2"#)).utf8)
        #expect(request.withUnsafeBufferPointer { send(fds[1], $0.baseAddress, $0.count, 0) } == request.count)
        let answered = await ConnectionSinkTests.read(fds[1], until: #""id":2"#)
        #expect(answered.contains(#""handle""#))
        #expect(catalog.openCount == 2)

        close(fds[1])
        await served.value
        #expect(catalog.openCount == 0)
        #expect(base.made.count == 2)
        #expect(base.made.allSatisfy { $0.closed })
    }
}
