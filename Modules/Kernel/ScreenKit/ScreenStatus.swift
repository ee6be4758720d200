/// What the screen is doing right now, in words a user can read.
///
/// A struct with a `kind` rather than an enum with payloads so that its JSON is
/// flat and stable (`{"kind":"error","code":"…","message":"…"}`) for programs.
public struct ScreenStatus: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case idle, loading, error, notice
        /// Done, with problems: the work finished and its result stands, but
        /// part of it went wrong ("15 folders could not be read"). Not an
        /// error (the CLI exits 0), not a plain success either.
        case warning
    }

    public var kind: Kind
    public var message: String?
    /// A stable machine-readable code for errors (`playlist.not_found`).
    public var code: String?

    public init(kind: Kind, message: String? = nil, code: String? = nil) {
        self.kind = kind
        self.message = message
        self.code = code
    }

    public static let idle = ScreenStatus(kind: .idle)
    public static func loading(_ message: String) -> ScreenStatus { .init(kind: .loading, message: message) }
    public static func notice(_ message: String) -> ScreenStatus { .init(kind: .notice, message: message) }
    public static func warning(_ message: String) -> ScreenStatus { .init(kind: .warning, message: message) }
    public static func error(_ error: ScreenError) -> ScreenStatus {
        .init(kind: .error, message: error.message, code: error.code)
    }

    public var isLoading: Bool { kind == .loading }
}
