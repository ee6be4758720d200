import Foundation
import HummingbirdWebSocket
import JSONRPC
import ScreenKit

/// Runs each page's WebSocket: frames in go to the page's `PageLink` on the
/// main actor (where every screen lives), messages out are written in order
/// by one task per page from its bounded `PageOutbox`. Each page has its own
/// screens over the one core: a change made in one page is read again by the
/// others (`SharedDataCatalog`).
@MainActor
final class PageHost {
    let catalog: any ScreenCatalog
    let home: ScreenRequest
    let version: String
    /// How long a page may leave more than `PageOutbox.congestion` bytes
    /// unread before it is dropped.
    nonisolated let stallLimit: Duration
    private var open: [Int: WebSocketOutboundWriter] = [:]
    private var nextPage = 0
    private var stopping = false

    static let stalledReason = "the page read none of its answers for too long"
    static let stoppingReason = "facet is stopping"

    init(catalog: any ScreenCatalog, home: ScreenRequest, version: String, stallLimit: Duration = .seconds(30)) {
        self.catalog = SharedDataCatalog(base: catalog)
        self.home = home
        self.version = version
        self.stallLimit = stallLimit
    }

    func link(_ outbox: PageOutbox) -> PageLink {
        PageLink(catalog: catalog, home: home, version: version, outbox: outbox)
    }

    nonisolated func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let outbox = PageOutbox()
        let page = await link(outbox)
        guard let id = await register(outbound) else {
            await page.close()
            try? await outbound.close(.goingAway, reason: Self.stoppingReason)
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while let message = await outbox.next() {
                    try await outbound.write(.text(message))
                    outbox.written(message)
                }
            }
            defer { Task { @MainActor in page.close() } }
            for try await message in inbound.messages(maxSize: WebFrontEnd.maxMessage) {
                guard case .text(let text) = message else { continue }
                await page.receive(text)
                // A page that does not read its answers is not read either;
                // one that stays so is dropped, with the reason.
                guard await outbox.waitForRoom(within: stallLimit) else {
                    try? await outbound.close(.policyViolation, reason: Self.stalledReason)
                    break
                }
            }
            await unregister(id)
            await page.close()
            group.cancelAll()
        }
    }

    private func register(_ outbound: WebSocketOutboundWriter) -> Int? {
        guard !stopping else { return nil }
        nextPage += 1
        open[nextPage] = outbound
        return nextPage
    }

    private func unregister(_ id: Int) { open[id] = nil }

    /// The server is stopping: every page is told so (a close frame); one
    /// that never answers it is cut off by the WebSocket's close timeout.
    func stopAll() {
        stopping = true
        for outbound in open.values {
            Task { try? await outbound.close(.goingAway, reason: Self.stoppingReason) }
        }
    }
}
