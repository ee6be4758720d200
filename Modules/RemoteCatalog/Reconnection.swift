import ScreenKit

/// Gets a lost SSH connection back: a timed retry (after 2 s, then up to
/// every 10 s) and at once when the user acts on a screen (`r`, any
/// action). On success every open remote screen opens again on the new
/// connection, from the request it was made with; meanwhile each keeps its
/// last frame and says the connection was lost.
///
/// Only for ssh: a remote core that died is started again by the next
/// `ssh`, whereas a local server that stopped was stopped on purpose.
@MainActor
final class Reconnection {
    private let connect: () async throws(ScreenError) -> RemoteConnection
    private var screens: [WeakScreen] = []
    private var retry: Task<Void, Never>?
    private var attempting = false
    private(set) var connection: RemoteConnection
    static let firstDelay = Duration.seconds(2)
    static let longestDelay = Duration.seconds(10)

    private struct WeakScreen { weak var screen: RemoteScreen? }

    init(connection: RemoteConnection, connect: @escaping () async throws(ScreenError) -> RemoteConnection) {
        self.connection = connection
        self.connect = connect
        watch(connection)
    }

    func track(_ screen: RemoteScreen) {
        screens.removeAll { $0.screen == nil }
        screens.append(WeakScreen(screen: screen))
    }

    private func watch(_ connection: RemoteConnection) {
        connection.onLost = { [weak self] in self?.scheduleRetry() }
    }

    private func scheduleRetry() {
        guard retry == nil else { return }
        retry = Task { [weak self] in
            var delay = Self.firstDelay
            while !Task.isCancelled {
                try? await Task.sleep(for: delay)
                guard let self else { return }
                if await self.attempt() { break }
                delay = min(delay * 2, Self.longestDelay)
            }
            self?.retry = nil
        }
    }

    /// One try now (none if one is under way or the connection is up);
    /// true once connected.
    @discardableResult
    func attempt() async -> Bool {
        guard connection.isClosed else { return true }
        guard !attempting else { return false }
        attempting = true
        defer { attempting = false }
        guard let fresh = try? await connect() else { return false }
        connection = fresh
        watch(fresh)
        retry?.cancel()
        retry = nil
        for entry in screens {
            await entry.screen?.reattach(to: fresh)
        }
        return true
    }
}
