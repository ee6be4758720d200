/// Many-observer change feed of one screen.
///
/// Seed 002 notes that a single callback per event stops two views sharing a
/// view model; here any number of front-end parts observe one screen. Each
/// notification carries a version that only grows, so a JSON-lines client can
/// order and deduplicate what it receives.
@MainActor
public final class ScreenChanges {
    public private(set) var version = 0
    private var observers: [Int: @MainActor (Int) -> Void] = [:]
    private var nextToken = 0

    public init() {}

    /// Calls `observer` with the new version after every visible change, until
    /// the returned token is cancelled.
    public func observe(_ observer: @escaping @MainActor (Int) -> Void) -> ObservationToken {
        nextToken += 1
        let token = nextToken
        observers[token] = observer
        return ObservationToken { [weak self] in self?.observers[token] = nil }
    }

    public var observerCount: Int { observers.count }

    func send() {
        version += 1
        let current = version
        for observer in observers.values { observer(current) }
    }

    func removeAll() { observers.removeAll() }
}

/// Stops an observation when cancelled (or when it is released).
///
/// Facet's one observation token: screens hand it out here, and view models
/// wrap the cancellation closures of the domain's `Observers` in it (the
/// domain layer cannot see ScreenKit, and ScreenKit depends on nothing of
/// ours, so the closure is what crosses and this class is what holds it).
@MainActor
public final class ObservationToken {
    private var cancellation: (@MainActor () -> Void)?

    /// A token that calls `cancellation` once, on `cancel()` or on release.
    public init(_ cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}
