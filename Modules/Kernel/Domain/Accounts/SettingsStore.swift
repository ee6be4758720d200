/// Stores each profile's settings. A profile without a saved row reads as
/// `UserSettings.defaults`.
public protocol SettingsStore: Sendable {
    func settings(for profile: Int64) async throws -> UserSettings
    /// Applies all changes in one transaction and returns the result.
    func apply(_ changes: [SettingsChange], for profile: Int64) async throws -> UserSettings
    /// The GitHub token itself, for the code that calls GitHub (never for display).
    func githubToken(for profile: Int64) async throws -> String?
}
