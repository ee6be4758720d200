/// One user's saved settings (seed 000's settings tab, made real).
///
/// The GitHub token itself is not part of this value: only whether one is
/// set. Code that needs the secret asks `SettingsStore.githubToken(for:)`,
/// so a settings value can be shown, logged or encoded without leaking it.
public struct UserSettings: Equatable, Sendable {
    /// The GitHub user whose starred repositories are shown; empty when unset.
    public var githubUser: String
    public var hasGitHubToken: Bool
    /// nil: no preference (the launcher's default applies).
    public var preferredUI: FrontEndChoice?
    public var pageSize: Int
    public var githubBaseURL: String
    public var photosBaseURL: String
    /// Where repository pages open (`https://github.com`, or an Enterprise host).
    public var githubWebURL: String
    /// Where MPD is (`host`, `password@host` or a socket path); empty:
    /// `MPD_HOST`, else localhost (see `MusicPlayerAddress`).
    public var mpdHost: String
    /// nil: `MPD_PORT`, else 6600.
    public var mpdPort: Int?
    /// Whether faces fetch and show covers and photos (`pictures`); off,
    /// no picture action is available (`FACET_PICTURES` overrides it for a run).
    public var pictures: Bool
    /// The picture cache's size bound in MiB (`picture-cache-mib`;
    /// `FACET_PICTURE_CACHE_MIB` overrides it for a run).
    public var pictureCacheMiB: Int

    public init(
        githubUser: String = "", hasGitHubToken: Bool = false, preferredUI: FrontEndChoice? = nil,
        pageSize: Int = SettingsRules.defaultPageSize, githubBaseURL: String = SettingsRules.defaultGitHubBaseURL,
        photosBaseURL: String = SettingsRules.defaultPhotosBaseURL,
        githubWebURL: String = SettingsRules.defaultGitHubWebURL, mpdHost: String = "", mpdPort: Int? = nil,
        pictures: Bool = true, pictureCacheMiB: Int = SettingsRules.defaultPictureCacheMiB
    ) {
        self.githubUser = githubUser
        self.hasGitHubToken = hasGitHubToken
        self.preferredUI = preferredUI
        self.pageSize = pageSize
        self.githubBaseURL = githubBaseURL
        self.photosBaseURL = photosBaseURL
        self.githubWebURL = githubWebURL
        self.mpdHost = mpdHost
        self.mpdPort = mpdPort
        self.pictures = pictures
        self.pictureCacheMiB = pictureCacheMiB
    }

    public static let defaults = UserSettings()

    /// The settings with one validated change applied.
    public func applying(_ change: SettingsChange) -> UserSettings {
        var copy = self
        switch change {
        case .githubUser(let user): copy.githubUser = user
        case .githubToken(let token): copy.hasGitHubToken = token != nil
        case .preferredUI(let choice): copy.preferredUI = choice
        case .pageSize(let size): copy.pageSize = size
        case .githubBaseURL(let url): copy.githubBaseURL = url
        case .photosBaseURL(let url): copy.photosBaseURL = url
        case .githubWebURL(let url): copy.githubWebURL = url
        case .mpdHost(let host): copy.mpdHost = host
        case .mpdPort(let port): copy.mpdPort = port
        case .pictures(let shown): copy.pictures = shown
        case .pictureCacheMiB(let size): copy.pictureCacheMiB = size
        }
        return copy
    }

    /// The value a settings form shows for `key` (never the token).
    public func displayValue(_ key: SettingKey) -> String {
        switch key {
        case .githubUser: githubUser
        case .githubToken: ""
        case .preferredUI: preferredUI?.rawValue ?? ""
        case .pageSize: String(pageSize)
        case .githubBaseURL: githubBaseURL
        case .photosBaseURL: photosBaseURL
        case .githubWebURL: githubWebURL
        case .mpdHost: SettingsRules.maskingPassword(mpdHost)
        case .mpdPort: mpdPort.map(String.init) ?? ""
        case .pictures: pictures ? "on" : "off"
        case .pictureCacheMiB: String(pictureCacheMiB)
        }
    }
}

/// The name of one setting, as front ends and the CLI spell it.
public enum SettingKey: String, CaseIterable, Sendable {
    case githubUser = "github-user"
    case githubToken = "github-token"
    case preferredUI = "ui"
    case pageSize = "page-size"
    case githubBaseURL = "github-base-url"
    case photosBaseURL = "photos-base-url"
    case githubWebURL = "github-web-url"
    case mpdHost = "mpd-host"
    case mpdPort = "mpd-port"
    case pictures = "pictures"
    case pictureCacheMiB = "picture-cache-mib"

    public var label: String {
        switch self {
        case .githubUser: "GitHub username"
        case .githubToken: "GitHub token"
        case .preferredUI: "Preferred front end"
        case .pageSize: "Page size"
        case .githubBaseURL: "GitHub API base URL"
        case .photosBaseURL: "Photos API base URL"
        case .githubWebURL: "GitHub web URL"
        case .mpdHost: "MPD host"
        case .mpdPort: "MPD port"
        case .pictures: "Pictures"
        case .pictureCacheMiB: "Picture cache (MiB)"
        }
    }
}

/// One validated change to a setting. Only `SettingsRules` makes these from
/// user text, so a store never receives an unchecked value.
public enum SettingsChange: Equatable, Sendable {
    case githubUser(String)
    /// nil removes the token.
    case githubToken(String?)
    case preferredUI(FrontEndChoice?)
    case pageSize(Int)
    case githubBaseURL(String)
    case photosBaseURL(String)
    case githubWebURL(String)
    /// Empty: not set.
    case mpdHost(String)
    case mpdPort(Int?)
    case pictures(Bool)
    case pictureCacheMiB(Int)

    public var key: SettingKey {
        switch self {
        case .githubUser: .githubUser
        case .githubToken: .githubToken
        case .preferredUI: .preferredUI
        case .pageSize: .pageSize
        case .githubBaseURL: .githubBaseURL
        case .photosBaseURL: .photosBaseURL
        case .githubWebURL: .githubWebURL
        case .mpdHost: .mpdHost
        case .mpdPort: .mpdPort
        case .pictures: .pictures
        case .pictureCacheMiB: .pictureCacheMiB
        }
    }
}
