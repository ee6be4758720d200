/// A failure a user can meet, with a stable code and a message written for
/// that user. Every feature's errors conform, so presentation can show any of
/// them without knowing which feature raised it.
public protocol DomainError: Error, Sendable {
    /// Stable, dotted, for programs (`playlist.duplicate_name`).
    var code: String { get }
    /// One sentence for a person, naming the thing that went wrong.
    var message: String { get }
    var category: DomainErrorCategory { get }
}

/// How a front end should treat a domain error.
public enum DomainErrorCategory: Sendable {
    /// The input was wrong: the user can fix it by asking differently.
    case invalidInput
    /// What was asked for does not exist.
    case notFound
    /// The world failed: storage, files, network.
    case failure
}

/// Storage failed in a way no feature can explain better (locked, corrupt,
/// read-only, disk full). Persistence raises it; every feature shows it.
public struct StorageError: DomainError, Equatable {
    public enum Reason: String, Sendable {
        case locked, corrupt, readOnly, full, cannotOpen, foreign, replaced, other
    }

    public var reason: Reason
    public var detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    public var code: String { "storage.\(reason.rawValue)" }
    public var category: DomainErrorCategory { .failure }
    public var message: String {
        switch reason {
        case .locked: "The database is busy (locked by another Facet process); try again. (\(detail))"
        case .corrupt: "The database file is damaged and cannot be read: \(detail)"
        case .readOnly: "The database is read-only, so nothing can be saved: \(detail)"
        case .full: "The disk is full, so nothing was saved: \(detail)"
        case .cannotOpen: "The database cannot be opened: \(detail)"
        case .foreign: "Not a Facet database: \(detail). Facet left the file as it was; set FACET_HOME to a folder of Facet's own."
        case .replaced:
            "The database file was deleted or replaced by another program since Facet opened it (\(detail)); "
                + "nothing was read or saved. Quit and start Facet again to use the file now at that path."
        case .other: "The database failed: \(detail)"
        }
    }
}
