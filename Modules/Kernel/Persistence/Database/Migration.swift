import GRDB

/// One schema change: a permanent identifier and the SQL work it does.
///
/// Features list the migrations they need (`Feature.migrations`); the
/// composition root puts `Migrations.core` first and then every feature's,
/// in the feature list's order, and the database runs those not yet applied.
/// An identifier, once shipped, never changes and its body is never edited:
/// databases in use have recorded it as done.
public struct Migration: Sendable {
    public let id: String
    public let body: @Sendable (Database) throws -> Void

    public init(_ id: String, body: @escaping @Sendable (Database) throws -> Void) {
        self.id = id
        self.body = body
    }
}
