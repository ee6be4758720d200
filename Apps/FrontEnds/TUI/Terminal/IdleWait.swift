import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How the run loop sleeps when nothing moves on screen: until a key
/// arrives, the terminal is resized, something marks the screen dirty (a
/// screen's change, such as a reload after another process committed), or
/// the timeout passes. Polling the keyboard on a short period instead would
/// wake the process many times a second while it sits idle.
@MainActor
final class IdleWait {
    private var continuation: CheckedContinuation<Void, Never>?
    /// A wake came while nobody waited: the next wait returns at once.
    private var pending = false
    private let input: InputReadiness

    init(descriptor: Int32 = 0) {
        input = InputReadiness(descriptor: descriptor, resize: ResizeSignal.install())
        input.onReady = { [weak self] in Task { @MainActor in self?.wake() } }
    }

    /// Ends the current (or the next) wait.
    func wake() {
        if let continuation {
            self.continuation = nil
            continuation.resume()
        } else {
            pending = true
        }
    }

    /// The timeout is kept by the readiness thread, which is asleep in
    /// `poll` anyway: no timer of its own wakes other threads.
    func wait(upTo timeout: Duration) async {
        if pending {
            pending = false
            return
        }
        let (seconds, attoseconds) = timeout.components
        input.arm(milliseconds: Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        await withCheckedContinuation { continuation = $0 }
        pending = false
    }
}

/// A thread that waits, when asked, until the terminal has input, was
/// resized, or the time asked for has passed, and says so once per
/// request. Reading stays with ncurses on the main thread; this only looks.
final class InputReadiness: @unchecked Sendable {
    private let descriptor: Int32
    private let resize: Int32
    private let requests = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var waiting = false
    private var timeout: Int32 = -1
    private var closed = false
    private var ready: (@Sendable () -> Void)?
    /// Called from the thread when it is time to look.
    var onReady: (@Sendable () -> Void)? {
        get { lock.withLock { ready } }
        set { lock.withLock { ready = newValue } }
    }

    /// `resize`: a descriptor that becomes readable on a resize, or -1.
    init(descriptor: Int32, resize: Int32) {
        self.descriptor = descriptor
        self.resize = resize
        Thread.detachNewThread { [self] in run() }
    }

    /// Asks for one notice, unless one is already asked for. Once the
    /// terminal has hung up only the timeout is watched: `poll` would
    /// report the hang-up at once, every time, and the loop would spin.
    func arm(milliseconds: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard !waiting else { return }
        waiting = true
        timeout = milliseconds
        requests.signal()
    }

    private func run() {
        while true {
            requests.wait()
            let (milliseconds, gone) = lock.withLock { (timeout, closed) }
            var watched = [
                pollfd(fd: gone ? -1 : descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: resize, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&watched, 2, milliseconds) < 0, errno != EINTR { usleep(UInt32(milliseconds) * 1000) }
            if watched[1].revents & Int16(POLLIN) != 0 { ResizeSignal.drain(resize) }
            let hungUp = watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            let notify: (@Sendable () -> Void)? = lock.withLock {
                waiting = false
                if hungUp { closed = true }
                return ready
            }
            notify?()
        }
    }
}
