/// Where the MPD server is, read as mpc reads it: `MPD_HOST` (a host name,
/// an address, or a Unix socket path, each optionally `password@` first)
/// and `MPD_PORT`, else `localhost:6600`.
public struct MusicPlayerAddress: Equatable, Sendable {
    public enum Endpoint: Equatable, Sendable {
        case tcp(host: String, port: Int)
        case unix(path: String)
    }

    public static let defaultHost = "localhost"
    public static let defaultPort = 6600

    public var endpoint: Endpoint
    public var password: String?

    public init(endpoint: Endpoint, password: String? = nil) {
        self.endpoint = endpoint
        self.password = password
    }

    /// `host` and `port` as given (the environment's or a setting's, the
    /// environment first); a `password@` prefix is split off the host, and a
    /// host starting with `/` (or `@`, an abstract socket) is a socket path.
    public static func resolve(host: String?, port: String?) throws(MusicPlayerError) -> MusicPlayerAddress {
        var name = (host ?? "").isEmpty ? defaultHost : host!
        var password: String?
        // A socket path may itself hold '@'; only a prefix before the first '@'
        // of a non-path is a password (mpc's rule).
        if !name.hasPrefix("/"), let at = name.lastIndex(of: "@"), at != name.startIndex {
            password = String(name[..<at])
            name = String(name[name.index(after: at)...])
        }
        if name.hasPrefix("/") { return MusicPlayerAddress(endpoint: .unix(path: name), password: password) }
        var number = defaultPort
        if let port, !port.isEmpty {
            guard port.count <= 5, let parsed = Int(port), (1...65535).contains(parsed) else {
                throw MusicPlayerError(.invalidInput, "The MPD port \"\(port)\" is not a port number (1–65535); see MPD_PORT or mpd-port.")
            }
            number = parsed
        }
        guard !name.isEmpty, name.count <= 253, !name.contains(where: { $0 == " " || $0.isNewline }) else {
            throw MusicPlayerError(.invalidInput, "The MPD host \"\(name)\" is not a host name; see MPD_HOST or mpd-host.")
        }
        return MusicPlayerAddress(endpoint: .tcp(host: name, port: number), password: password)
    }

    /// `host:port` or the socket's path (never the password).
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "\(host):\(port)"
        case .unix(let path): path
        }
    }

    public var isLocalSocket: Bool {
        if case .unix = endpoint { return true }
        return false
    }
}
