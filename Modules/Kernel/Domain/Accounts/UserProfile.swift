import Foundation

/// A local Facet user: a first and last name pair, unique regardless of case
/// ("ada lovelace" signs in as "Ada Lovelace"). The preferred front end and
/// other choices live in `UserSettings`, saved per profile.
public struct UserProfile: Equatable, Sendable {
    public var id: Int64
    public var firstName: String
    public var lastName: String
    public var createdAt: Date

    public init(id: Int64, firstName: String, lastName: String, createdAt: Date) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.createdAt = createdAt
    }

    public var displayName: String { "\(firstName) \(lastName)" }
}
