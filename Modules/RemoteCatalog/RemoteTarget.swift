/// Where `facet --connect` finds its core: a `facet serve` socket on this
/// machine, or Facet on another host reached through the user's own `ssh`.
public enum RemoteTarget: Equatable, Sendable {
    case socket(String)
    case ssh(SSHDestination)

    /// The target a `--connect` value names: `ssh://[user@]host[:port][/SOCKET]`
    /// or the scp form `[user@]host:[SOCKET]` go through SSH (the socket, if
    /// named, is a path on that host); anything else is a local socket path.
    public static func parse(_ value: String) -> RemoteTarget {
        SSHDestination(value).map(RemoteTarget.ssh) ?? .socket(value)
    }

    /// Whether a word after `--connect` names a target rather than a screen:
    /// a path (a `/` or `.sock`), an `ssh://` address or the scp form.
    public static func looksLikeTarget(_ word: String) -> Bool {
        word.contains("/") || word.hasSuffix(".sock") || SSHDestination(word) != nil
    }
}

/// A host to reach with `ssh`, as the user wrote it: the user's own
/// `~/.ssh/config` (aliases, ports, keys, jump hosts) still applies, since
/// the host is handed to `ssh` unchanged.
public struct SSHDestination: Equatable, Sendable {
    public var user: String?
    public var host: String
    public var port: Int?
    /// A `facet serve` socket on the remote host to attach to; nil for the
    /// remote facet's default one.
    public var socket: String?

    public init(user: String? = nil, host: String, port: Int? = nil, socket: String? = nil) {
        self.user = user
        self.host = host
        self.port = port
        self.socket = socket
    }

    /// Parses `ssh://[user@]host[:port][/SOCKET]` or `[user@]host:[SOCKET]`;
    /// nil for anything else (a local socket path).
    public init?(_ text: String) {
        if text.hasPrefix("ssh://") {
            var rest = Substring(text.dropFirst("ssh://".count))
            var socket: String?
            if let slash = rest.firstIndex(of: "/") {
                let path = String(rest[slash...])
                socket = path == "/" ? nil : path
                rest = rest[..<slash]
            }
            var user: String?
            if let at = rest.lastIndex(of: "@") {
                user = String(rest[..<at])
                rest = rest[rest.index(after: at)...]
            }
            var port: Int?
            if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                let after = rest[rest.index(after: close)...]
                if after.hasPrefix(":") {
                    guard let number = Int(after.dropFirst()) else { return nil }
                    port = number
                }
                rest = rest[rest.index(after: rest.startIndex)..<close]
            } else if let colon = rest.lastIndex(of: ":") {
                guard let number = Int(rest[rest.index(after: colon)...]) else { return nil }
                port = number
                rest = rest[..<colon]
            }
            guard Self.isHost(rest), user.map(Self.isUser) ?? true, port.map({ (1...65535).contains($0) }) ?? true
            else { return nil }
            self.init(user: user, host: String(rest), port: port, socket: socket)
            return
        }
        // scp form: the part before the first ':' has no '/', so a local
        // path with a colon in it stays a path.
        guard let colon = text.firstIndex(of: ":") else { return nil }
        var hostPart = text[..<colon]
        guard !hostPart.contains("/") else { return nil }
        let path = text[text.index(after: colon)...]
        var user: String?
        if let at = hostPart.lastIndex(of: "@") {
            user = String(hostPart[..<at])
            hostPart = hostPart[hostPart.index(after: at)...]
        }
        guard Self.isHost(hostPart), user.map(Self.isUser) ?? true else { return nil }
        self.init(user: user, host: String(hostPart), socket: path.isEmpty ? nil : String(path))
    }

    /// A host name or address `ssh` takes as one: never empty, never an
    /// option (a leading `-`), nothing a shell or `ssh` would split.
    static func isHost(_ text: Substring) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "-._:%".contains($0) }
    }

    static func isUser(_ text: String) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "-._$".contains($0) }
    }

    /// As the user would write it, for messages.
    public var description: String {
        (user.map { $0 + "@" } ?? "") + host + (port.map { ":\($0)" } ?? "")
    }
}
