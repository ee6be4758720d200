#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// SIGTERM and SIGINT stop the server gracefully (Hummingbird's service
/// group), which waits for every connection to end. Each page is told at
/// once (a close frame, cut off after the close timeout if it never
/// answers), and whatever still runs after `WebFrontEnd.stopLimit` is not
/// waited for: the process exits 0, as after a graceful stop. The database
/// is safe either way (SQLite's WAL survives an exit at any point).
final class StopDeadline: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private var timer: (any DispatchSourceTimer)?

    init(pages: PageHost) {
        for number in [SIGTERM, SIGINT] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { pages.stopAll() }
                self?.arm()
            }
            source.resume()
            sources.append(source)
        }
    }

    private func arm() {
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let limit = WebFrontEnd.stopLimit.components
        timer.schedule(deadline: .now() + .seconds(Int(limit.seconds)))
        timer.setEventHandler { _exit(0) }
        timer.resume()
        self.timer = timer
    }

    /// The server stopped in time.
    func cancel() {
        timer?.cancel()
        for source in sources { source.cancel() }
    }
}
