import Testing

/// The two implementations of a store port a contract test runs on: the
/// in-memory double the view-model tests use, and the SQLite store the
/// product uses (a real file in a temporary folder).
public enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqlite
    public var testDescription: String { rawValue }
}

/// A store and the temporary folder it lives in, kept alive together.
public struct MadeStore<Store> {
    public let store: Store
    public let folder: TemporaryDirectory?

    public init(store: Store, folder: TemporaryDirectory?) {
        self.store = store
        self.folder = folder
    }
}
