import Foundation
import JSONRPC

/// A page's messages on their way to its WebSocket, bounded by the rules
/// `facet serve` applies to a client (`ConnectionSink`):
/// - answers go out in order; while more than `congestion` bytes of them
///   wait, the page's requests are no longer read (`waitForRoom`), so a
///   page that sends without reading is held back by its own socket instead
///   of growing the server;
/// - `screen.changed` notifications are held per handle, the newest
///   replacing the one before, and leave only when no answer waits: a page
///   that stops reading while others commit costs one snapshot per screen;
/// - a page that stays over the bound past the stall limit is dropped (its
///   host closes the socket with the reason).
///
/// Filled on the main actor, emptied by the page's writer task.
final class PageOutbox: @unchecked Sendable {
    /// Bytes of answers that may wait for the page.
    static let congestion = 1 << 20

    private let lock = NSLock()
    private var answers: [String] = []
    private var head = 0
    /// Bytes taken in and not yet written to the socket.
    private var waiting = 0
    private var held = HeldNotifications<String>()
    private var finished = false
    private var reader: CheckedContinuation<String?, Never>?
    private var roomWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    /// Answers of one batch, then the notifications it caused.
    func post(answers new: [String], notifications: [(key: String, message: String)]) {
        let handOver: (CheckedContinuation<String?, Never>, String)? = lock.withLock {
            guard !finished else { return nil }
            for answer in new {
                answers.append(answer)
                waiting += answer.utf8.count
            }
            for note in notifications { held.hold(note.message, key: note.key) }
            guard let reader, let message = takeLocked() else { return nil }
            self.reader = nil
            return (reader, message)
        }
        if let (reader, message) = handOver { reader.resume(returning: message) }
    }

    /// The next message to write, or nil once the page has gone.
    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = lock.withLock {
                if let message = takeLocked() { return .some(message) }
                if finished { return .some(nil) }
                reader = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The writer has written `message`: its bytes no longer count.
    func written(_ message: String) {
        let ready: [CheckedContinuation<Bool, Never>] = lock.withLock {
            waiting -= message.utf8.count
            guard waiting <= Self.congestion else { return [] }
            defer { roomWaiters = [:] }
            return Array(roomWaiters.values)
        }
        for waiter in ready { waiter.resume(returning: true) }
    }

    /// True once at most `congestion` bytes wait (or the page has gone);
    /// false if they still do after `limit`.
    func waitForRoom(within limit: Duration) async -> Bool {
        let id: Int = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        return await withCheckedContinuation { continuation in
            let ready: Bool = lock.withLock {
                if finished || waiting <= Self.congestion { return true }
                roomWaiters[id] = continuation
                return false
            }
            if ready {
                continuation.resume(returning: true)
                return
            }
            Task {
                try? await Task.sleep(for: limit)
                if let late = self.lock.withLock({ self.roomWaiters.removeValue(forKey: id) }) {
                    late.resume(returning: false)
                }
            }
        }
    }

    /// Bytes waiting now (answers and notifications taken but not written).
    var backlog: Int { lock.withLock { waiting } }

    /// The page has gone: nothing more is taken, the writer stops.
    func finish() {
        let (reader, waiters): (CheckedContinuation<String?, Never>?, [CheckedContinuation<Bool, Never>]) = lock.withLock {
            finished = true
            answers = []
            head = 0
            held = HeldNotifications()
            defer {
                self.reader = nil
                roomWaiters = [:]
            }
            return (self.reader, Array(roomWaiters.values))
        }
        reader?.resume(returning: nil)
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Under the lock: the next answer, else the held notifications (all
    /// of them join the queue at once, so they keep their order).
    private func takeLocked() -> String? {
        if head == answers.count, !held.isEmpty {
            answers.removeAll(keepingCapacity: true)
            head = 0
            for message in held.takeAll() {
                answers.append(message)
                waiting += message.utf8.count
            }
        }
        guard head < answers.count else { return nil }
        let message = answers[head]
        head += 1
        if head == answers.count {
            answers.removeAll(keepingCapacity: answers.count < 64)
            head = 0
        } else if head > 64, head * 2 > answers.count {
            answers.removeFirst(head)
            head = 0
        }
        return message
    }
}
