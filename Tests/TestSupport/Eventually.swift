/// Waits (polling the main actor) until `condition` holds, for state that
/// arrives through tasks; fails the caller's expectation by returning false.
/// The limit is generous because it only costs time when a test fails: on a
/// loaded two-core machine running the whole suite in parallel, the main
/// actor can be busy with other suites' work for a long while before a fake
/// scan's last event is handled.
@MainActor
public func eventually(timeout: Duration = .seconds(120), _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}
