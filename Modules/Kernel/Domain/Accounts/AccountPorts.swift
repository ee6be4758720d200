/// What a feature that keeps accounts gives the kernel: how people sign in,
/// and where their settings are stored. The composition root builds the one
/// `AccountCenter` of the process from them, and every feature reads the
/// signed-in user and their settings through that center, never through the
/// feature that stores them.
public struct AccountPorts: Sendable {
    public let authentication: any AuthenticationService
    public let settings: any SettingsStore

    public init(authentication: any AuthenticationService, settings: any SettingsStore) {
        self.authentication = authentication
        self.settings = settings
    }
}
