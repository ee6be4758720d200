import Foundation

/// The rules for every setting, as pure functions: a value typed by a person
/// becomes a `SettingsChange`, or a `SettingsError` saying what is wrong.
public enum SettingsRules {
    public static let pageSizeRange = 10...500
    public static let defaultPageSize = 50
    public static let defaultGitHubBaseURL = "https://api.github.com"
    public static let defaultPhotosBaseURL = "https://jsonplaceholder.typicode.com"
    public static let defaultGitHubWebURL = "https://github.com"
    public static let urlLimit = 2048
    public static let tokenLimit = 255
    public static let defaultPictureCacheMiB = 256
    /// From one MiB (a few covers) to 64 GiB.
    public static let pictureCacheRange = 1...65536

    /// Validates `raw` for `key`. Surrounding whitespace is ignored; an empty
    /// value clears the optional settings (user, token, front end) and is
    /// refused for the others. `frontEnds` are the names the `ui` setting
    /// accepts (the launcher's registry; none given, none accepted).
    public static func change(
        _ key: SettingKey, _ raw: String, frontEnds: [FrontEndChoice] = []
    ) throws(SettingsError) -> SettingsChange {
        let value = raw.trimmingWhiteSpace
        switch key {
        case .githubUser:
            if let reason = githubUserProblem(value) { throw .invalidValue(key, reason) }
            return .githubUser(value)
        case .githubToken:
            if value.isEmpty { return .githubToken(nil) }
            if value.count > tokenLimit { throw .invalidValue(key, "must be at most \(tokenLimit) characters") }
            if value.unicodeScalars.contains(where: { !(0x21...0x7E).contains($0.value) }) {
                throw .invalidValue(key, "must be printable ASCII without spaces")
            }
            return .githubToken(value)
        case .preferredUI:
            if value.isEmpty || value == "default" { return .preferredUI(nil) }
            let choice = FrontEndChoice(rawValue: value.lowercased())
            guard frontEnds.contains(choice) else {
                let names = frontEnds.map(\.rawValue).joined(separator: ", ")
                throw .invalidValue(key, frontEnds.isEmpty
                    ? "must be empty (no front end can be chosen)" : "must be one of \(names) (or empty for the default)")
            }
            return .preferredUI(choice)
        case .pageSize:
            let range = "between \(pageSizeRange.lowerBound) and \(pageSizeRange.upperBound)"
            guard value.count <= 12, let size = Int(value) else { throw .invalidValue(key, "must be a whole number \(range)") }
            guard pageSizeRange.contains(size) else { throw .invalidValue(key, "must be \(range)") }
            return .pageSize(size)
        case .githubBaseURL:
            return .githubBaseURL(try baseURL(key, value))
        case .photosBaseURL:
            return .photosBaseURL(try baseURL(key, value))
        case .githubWebURL:
            // Pages open in a browser: https only (see WebLinkRules).
            let url = try baseURL(key, value)
            guard url.lowercased().hasPrefix("https://") else { throw .invalidValue(key, "must be an https:// URL") }
            return .githubWebURL(url)
        case .mpdHost:
            if value.isEmpty { return .mpdHost("") }
            guard value.count <= 255, !value.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
                throw .invalidValue(key, "must be a host name, password@host or a socket path, without spaces")
            }
            do {
                _ = try MusicPlayerAddress.resolve(host: value, port: nil)
            } catch {
                throw .invalidValue(key, "must be a host name, password@host or a socket path")
            }
            return .mpdHost(value)
        case .mpdPort:
            if value.isEmpty { return .mpdPort(nil) }
            guard value.count <= 5, let port = Int(value), (1...65535).contains(port) else {
                throw .invalidValue(key, "must be a port number (1–65535), or empty for MPD_PORT or 6600")
            }
            return .mpdPort(port)
        case .pictures:
            guard let shown = onOff(value) else { throw .invalidValue(key, "must be on or off") }
            return .pictures(shown)
        case .pictureCacheMiB:
            let range = "between \(pictureCacheRange.lowerBound) and \(pictureCacheRange.upperBound)"
            guard value.count <= 12, let size = Int(value) else { throw .invalidValue(key, "must be a whole number \(range)") }
            guard pictureCacheRange.contains(size) else { throw .invalidValue(key, "must be \(range)") }
            return .pictureCacheMiB(size)
        }
    }

    /// `on`/`off` as people write them (also yes/no, true/false, 1/0), case
    /// ignored; nil for anything else. `FACET_PICTURES` reads the same words.
    public static func onOff(_ raw: String) -> Bool? {
        switch raw.trimmingWhiteSpace.lowercased() {
        case "on", "yes", "true", "1": true
        case "off", "no", "false", "0": false
        default: nil
        }
    }

    /// `password@host` shown as `•••@host`: the password is never displayed.
    public static func maskingPassword(_ host: String) -> String {
        guard let at = host.lastIndex(of: "@"), at != host.startIndex, !host.hasPrefix("/") else { return host }
        return "•••" + host[at...]
    }

    /// The problem with a value for `key`, or nil if it would be accepted.
    public static func problem(_ key: SettingKey, _ raw: String, frontEnds: [FrontEndChoice] = []) -> SettingsError? {
        do {
            _ = try change(key, raw, frontEnds: frontEnds)
            return nil
        } catch {
            return error
        }
    }

    /// GitHub's own rule: 1–39 letters, digits or single hyphens, not at
    /// either end. Empty means "no user".
    static func githubUserProblem(_ value: String) -> String? {
        if value.isEmpty { return nil }
        if value.count > 39 { return "must be at most 39 characters" }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            scalar == "-" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        }
        if !allowed || value.hasPrefix("-") || value.hasSuffix("-") || value.contains("--") {
            return "may hold only letters, digits and single hyphens, not at the start or end"
        }
        return nil
    }

    /// An absolute http or https URL with a host, no credentials, no
    /// whitespace or control characters. `file:`, `javascript:` and the like
    /// are refused: these URLs are fetched by the app. A trailing slash is
    /// dropped so paths join cleanly.
    static func baseURL(_ key: SettingKey, _ value: String) throws(SettingsError) -> String {
        if value.isEmpty { throw .invalidValue(key, "must not be empty") }
        if value.count > urlLimit { throw .invalidValue(key, "must be at most \(urlLimit) characters") }
        if value.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) {
            throw .invalidValue(key, "must not contain spaces, control or non-ASCII characters")
        }
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https"
        else {
            throw .invalidValue(key, "must be an http:// or https:// URL")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidValue(key, "must name a host") }
        if components.user != nil || components.password != nil {
            throw .invalidValue(key, "must not contain a user name or password")
        }
        if components.query != nil || components.fragment != nil {
            throw .invalidValue(key, "must not contain a query or fragment")
        }
        // Two addresses pasted together (`https://a.comhttp://b/`) parse as a
        // host with an empty port: refused, as is a second scheme in the path.
        let authority = value.dropFirst(scheme.count + 3).prefix { $0 != "/" }
        if authority.hasSuffix(":") || components.path.contains("://") {
            throw .invalidValue(key, "must be one URL (is it two pasted together?)")
        }
        var normalised = value
        while normalised.hasSuffix("/") { normalised.removeLast() }
        return normalised
    }
}
