/// Ends one observer's interest in a `FolderModel` when cancelled or released.
@MainActor
public final class FolderObservation {
    private var cancellation: (@MainActor () -> Void)?

    init(_ cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}
