import GRDB
import KernelDomain
import KernelPersistence
import StarsDomain

/// The stars feature's schema changes, oldest first. An identifier,
/// once shipped, is permanent (existing databases recorded it); new
/// migrations are appended here and to the feature's `migrations`.
extension Migration {
    /// The starred-repositories cache, its full-text index and visited marks.
    public static let starsV3 = Migration("v3-stars", body: StarsSchema.create)

    /// An index for the language filter's list of languages.
    public static let starsLanguageIndexV5 = Migration("v5-stars-language-index", body: StarsSchema.addLanguageIndex)
}

extension Migrations {
    /// The stars feature's migrations, in the order a fresh database runs them.
    public static let stars: [Migration] = [.starsV3, .starsLanguageIndexV5]
}
