/// `--connect [SOCKET]` (or `FACET_CONNECT=SOCKET`, `1` for the default
/// socket): run the chosen front end against a running `facet serve`
/// instead of an in-process core. Taken off the command line before the
/// launcher's options are parsed, because its value is optional: the word
/// after it is the socket only if it looks like a path (has a `/` or ends
/// in `.sock`), so `facet --connect playlists` still names a screen.
struct ConnectOption {
    /// The socket to connect to, or nil to run the core in this process.
    var socket: String?
    /// The command line without the option.
    var arguments: [String]

    init(arguments: [String], environment: [String: String], defaultSocket: () -> String) {
        var rest = arguments
        var socket: String?
        if let index = rest.firstIndex(of: "--connect") {
            rest.remove(at: index)
            if index < rest.count, rest[index].contains("/") || rest[index].hasSuffix(".sock") {
                socket = rest.remove(at: index)
            } else {
                socket = defaultSocket()
            }
        } else if let index = rest.firstIndex(where: { $0.hasPrefix("--connect=") }) {
            let value = String(rest.remove(at: index).dropFirst("--connect=".count))
            socket = value.isEmpty ? defaultSocket() : value
        } else if let value = environment["FACET_CONNECT"], !value.isEmpty {
            socket = value == "1" ? defaultSocket() : value
        }
        self.socket = socket
        self.arguments = rest
    }
}
