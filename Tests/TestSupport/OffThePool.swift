import Foundation

/// Runs blocking test work (waiting on a child process, polling tmux) on a
/// Dispatch thread. The cooperative pool has one thread per core (two here),
/// so a test that blocks one of them stalls every async test meanwhile, and
/// their `eventually` waits time out on a loaded machine.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
