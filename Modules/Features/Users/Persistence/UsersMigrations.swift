import GRDB
import KernelDomain
import KernelPersistence

/// The users feature's schema changes, oldest first. An identifier,
/// once shipped, is permanent (existing databases recorded it); new
/// migrations are appended here and to the feature's `migrations`.
extension Migration {
    public static let usersV2 = Migration("v2-users", body: UsersSchema.create)

    /// The `ui` setting took only `cli`, `tui` and `jsonl`; the front ends
    /// now come from the launcher's registry, so the column takes any
    /// well-formed name (the settings rules check it against the registry).
    public static let usersOpenFrontEndsV3 = Migration("v3-users-open-ui", body: UsersSchema.openFrontEndNames)

    /// The `github-web-url` setting: the host starred repositories open on.
    public static let usersGitHubWebURLV4 = Migration("v4-users-github-web-url", body: UsersSchema.addGitHubWebURL)

    /// The `mpd-host` and `mpd-port` settings: where the music player is.
    public static let usersMPDAddressV5 = Migration("v5-users-mpd-address", body: UsersSchema.addMPDAddress)

    /// The `pictures` and `picture-cache-mib` settings: whether faces show
    /// covers and photos, and how much disk their cache may take.
    public static let usersPicturesV6 = Migration("v6-users-pictures", body: UsersSchema.addPictures)
}

extension Migrations {
    /// Added after other features had shipped theirs: run after every
    /// feature's `migrations`, so the order existing databases recorded stays.
    public static let usersLater: [Migration] = [.usersMPDAddressV5, .usersPicturesV6]

    /// The users feature's migrations, in the order a fresh database runs them.
    public static let users: [Migration] = [.usersV2, .usersOpenFrontEndsV3, .usersGitHubWebURLV4]
}
