/// Any number of observers of one shared model (seed 002: one callback per
/// event stops two screens sharing a model). The folder model and the account
/// centre both hand these out; ScreenKit has its own twin because it depends
/// on nothing of ours.
@MainActor
public final class Observers<Value> {
    private var observers: [Int: @MainActor (Value) -> Void] = [:]
    private var nextKey = 0
    /// Called when the last observer leaves (a model can stop its work then).
    private let onEmpty: (@MainActor () -> Void)?

    public init(onEmpty: (@MainActor () -> Void)? = nil) { self.onEmpty = onEmpty }

    public var count: Int { observers.count }
    public var isEmpty: Bool { observers.isEmpty }

    /// Calls `observer` on every `notify` until the observation is cancelled or released.
    public func add(_ observer: @escaping @MainActor (Value) -> Void) -> Observation {
        nextKey += 1
        let key = nextKey
        observers[key] = observer
        return Observation { [weak self] in
            guard let self, observers.removeValue(forKey: key) != nil else { return }
            if observers.isEmpty { onEmpty?() }
        }
    }

    public func notify(_ value: Value) {
        for observer in observers.values { observer(value) }
    }
}

/// Ends one observer's interest when cancelled or released.
@MainActor
public final class Observation {
    private var cancellation: (@MainActor () -> Void)?

    init(_ cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}
