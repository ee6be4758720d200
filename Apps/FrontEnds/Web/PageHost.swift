import HummingbirdWebSocket
import JSONRPC
import ScreenKit

/// Runs each page's WebSocket: frames in go to the page's `PageLink` on the
/// main actor (where every screen lives), messages out are written in order
/// by one task per page. Each page has its own screens over the one core:
/// a change made in one page is read again by the others (`SharedDataCatalog`).
@MainActor
final class PageHost {
    let catalog: any ScreenCatalog
    let home: ScreenRequest
    let version: String

    init(catalog: any ScreenCatalog, home: ScreenRequest, version: String) {
        self.catalog = SharedDataCatalog(base: catalog)
        self.home = home
        self.version = version
    }

    func link(_ outbox: AsyncStream<String>.Continuation) -> PageLink {
        PageLink(catalog: catalog, home: home, version: version, outbox: outbox)
    }

    nonisolated func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (messages, outbox) = AsyncStream<String>.makeStream()
        let page = await link(outbox)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in messages { try await outbound.write(.text(message)) }
            }
            defer { Task { @MainActor in page.close() } }
            for try await message in inbound.messages(maxSize: WebFrontEnd.maxMessage) {
                guard case .text(let text) = message else { continue }
                await page.receive(text)
            }
            await page.close()
            try await group.waitForAll()
        }
    }
}
