import FoldersDomain
import Foundation
import KernelDomain

/// An in-memory file system behind all three folder ports, for view-model
/// tests. Scans are *gated*: each `scan` waits for the test to send its events
/// (`send`, `finish`, `fail`), so a test can assert the screen after every
/// step. Watchers deliver whatever the test `emit`s. Renames really move rows
/// so a later scan or measure sees the new name.
public final class FakeFileSystem: FolderScanner, FolderRenamer, FolderWatcher, @unchecked Sendable {
    private let lock = NSLock()
    private var scans: [String: AsyncThrowingStream<FolderScanEvent, any Error>.Continuation] = [:]
    private var watchers: [String: AsyncStream<FolderChange>.Continuation] = [:]
    /// Known entries by path, for `measure` and rename checks.
    private var entries: [String: FolderEntry] = [:]
    public private(set) var renames: [(String, String)] = []
    public private(set) var scanCount = 0
    public private(set) var cancelledScans: [String] = []
    /// The next rename fails with this.
    public var renameFailure: FolderError?

    public init() {}

    // MARK: Test controls

    /// Adds entries the fake knows (so `measure` and renames find them).
    public func add(_ list: [FolderEntry]) {
        locked { for entry in list { entries[entry.path] = entry } }
    }

    public func isScanning(_ path: String) -> Bool { locked { scans[path] != nil } }
    public func isWatching(_ path: String) -> Bool { locked { watchers[path] != nil } }

    public func send(_ path: String, _ event: FolderScanEvent) {
        _ = locked { scans[path] }?.yield(event)
    }

    public func finish(_ path: String) {
        locked { scans.removeValue(forKey: path) }?.finish()
    }

    public func fail(_ path: String, _ error: FolderError) {
        locked { scans.removeValue(forKey: path) }?.finish(throwing: error)
    }

    public func emit(_ path: String, _ change: FolderChange) {
        _ = locked { watchers[path] }?.yield(change)
    }

    // MARK: FolderScanner

    public func scan(_ path: String, options: FolderScanOptions) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        AsyncThrowingStream { continuation in
            locked {
                scanCount += 1
                scans[path] = continuation
            }
            continuation.onTermination = { [weak self] reason in
                guard let self, case .cancelled = reason else { return }
                self.locked {
                    self.cancelledScans.append(path)
                    self.scans[path] = nil
                }
            }
        }
    }

    public func measure(_ path: String, options: FolderScanOptions) async throws -> FolderEntry {
        guard let entry = locked({ entries[path] }) else { throw FolderError.notFound(path) }
        return entry
    }

    // MARK: FolderRenamer

    public func rename(_ path: String, to newName: String) throws -> String {
        try locked {
            if let failure = renameFailure {
                renameFailure = nil
                throw failure
            }
            let target = FolderPath.join(FolderPath.parent(path) ?? "/", newName)
            if entries[target] != nil { throw FolderError.exists(target) }
            renames.append((path, newName))
            for (key, entry) in entries {
                guard let moved = FolderPath.rebase(key, from: path, to: target) else { continue }
                var copy = entry
                copy.path = moved
                copy.name = FolderPath.name(moved)
                entries[key] = nil
                entries[moved] = copy
            }
            return target
        }
    }

    // MARK: FolderWatcher

    public func watch(_ path: String) -> AsyncStream<FolderChange> {
        AsyncStream { continuation in
            locked { watchers[path] = continuation }
            continuation.onTermination = { [weak self] _ in self?.locked { self?.watchers[path] = nil } }
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
