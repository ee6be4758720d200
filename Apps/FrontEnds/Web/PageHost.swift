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
    /// Each open page's way to stop reading it.
    private var open: [Int: @Sendable () -> Void] = [:]
    private var nextPage = 0
    private var stopping = false

    /// The screens `/picture` keeps open for the pages' pictures.
    private let pictureScreens = PictureScreens()

    /// A screen's picture for `GET /picture`, from a screen opened for it
    /// over the same core as the pages' own.
    func picture(query: String) async -> PictureResponder.Answer {
        await PictureResponder.answer(query: query, catalog: catalog, screens: pictureScreens)
    }

    /// A path field's completion, listed where the screens' paths are.
    func listPaths(_ typed: String) async -> PathCompletion.Listing { await catalog.listPaths(typed) }

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
        let writer = Task {
            while let message = await outbox.next() {
                try await outbound.write(.text(message))
                outbox.written(message)
            }
        }
        let reader = Task { try await self.read(inbound, page: page, outbox: outbox, outbound: outbound) }
        // A stop sends the close frame, then cancels the reading: the page's
        // handler returns at once, whether or not the page answers.
        let id = await register {
            Task {
                try? await outbound.close(.goingAway, reason: Self.stoppingReason)
                reader.cancel()
            }
        }
        if id == nil { reader.cancel() }
        let ended = await reader.result
        if let id { await unregister(id) }
        await page.close()
        // Not waited for: a write to a page that does not read would wait
        // for a socket that closes only once this handler has returned.
        writer.cancel()
        try ended.get()
    }

    /// Frames in, until the page goes, stalls or the server stops.
    private nonisolated func read(
        _ inbound: WebSocketInboundStream, page: PageLink, outbox: PageOutbox, outbound: WebSocketOutboundWriter
    ) async throws {
        for try await message in inbound.messages(maxSize: WebFrontEnd.maxMessage) {
            guard case .text(let text) = message else { continue }
            await page.receive(text)
            // A page that does not read its answers is not read either;
            // one that stays so is dropped, with the reason.
            guard await outbox.waitForRoom(within: stallLimit) else {
                try? await outbound.close(.policyViolation, reason: Self.stalledReason)
                return
            }
        }
    }

    private func register(_ stop: @escaping @Sendable () -> Void) -> Int? {
        guard !stopping else { return nil }
        nextPage += 1
        open[nextPage] = stop
        return nextPage
    }

    private func unregister(_ id: Int) { open[id] = nil }

    /// The server is stopping: every page stops being read, its handler
    /// returns, and the WebSocket sends its close frame; a page that never
    /// answers it is cut off by the close timeout.
    func stopAll() {
        stopping = true
        pictureScreens.closeAll()
        for stop in open.values { stop() }
        open = [:]
    }
}
