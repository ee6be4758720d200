/// Waits (polling the main actor) until `condition` holds, for state that
/// arrives through tasks; fails the caller's expectation by returning false.
/// The limit is generous because it only costs time when a test fails: on a
/// loaded two-core machine (the whole suite in parallel, load 16) 3 s was
/// seen to run out before a fake scan's last event was handled.
@MainActor
public func eventually(timeout: Duration = .seconds(15), _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}
