/// Any number of observers of one shared model (seed 002: one callback per
/// event stops two screens sharing a model). The folder model and the account
/// centre both hand these out.
///
/// An observation is ended by calling the `Cancellation` that `add` returns.
/// There is deliberately no token class here: the one token type is
/// ScreenKit's `ObservationToken`, which a view model wraps this closure in
/// (`ObservationToken(model.observe { … })`) so the observation still ends
/// when the view model is released. Domain cannot see ScreenKit and ScreenKit
/// depends on nothing of ours, so a plain closure is the only currency both
/// sides already share without a new module between them.
@MainActor
public final class Observers<Value> {
    /// Ends one observer's interest; calling it again does nothing.
    public typealias Cancellation = @MainActor () -> Void

    private var observers: [Int: @MainActor (Value) -> Void] = [:]
    private var nextKey = 0
    /// Called when the last observer leaves (a model can stop its work then).
    private let onEmpty: (@MainActor () -> Void)?

    public init(onEmpty: (@MainActor () -> Void)? = nil) { self.onEmpty = onEmpty }

    public var count: Int { observers.count }
    public var isEmpty: Bool { observers.isEmpty }

    /// Calls `observer` on every `notify` until the returned cancellation is called.
    public func add(_ observer: @escaping @MainActor (Value) -> Void) -> Cancellation {
        nextKey += 1
        let key = nextKey
        observers[key] = observer
        return { [weak self] in
            guard let self, observers.removeValue(forKey: key) != nil else { return }
            if observers.isEmpty { onEmpty?() }
        }
    }

    public func notify(_ value: Value) {
        for observer in observers.values { observer(value) }
    }
}
