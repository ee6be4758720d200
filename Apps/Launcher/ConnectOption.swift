import RemoteCatalog

/// `--connect [TARGET]` (or `FACET_CONNECT=TARGET`, `1` for the default
/// socket): run the chosen front end against a running `facet serve`
/// instead of an in-process core. TARGET is a local socket path, or Facet
/// on another host through ssh: `ssh://[user@]host[:port]` or `user@host:`
/// (`RemoteTarget`), with `--remote-facet PATH` (or `FACET_REMOTE`) naming
/// the facet binary there. Taken off the command line before the
/// launcher's options are parsed, because its value is optional: the word
/// after it is the target only if it looks like one (a `/`, a `.sock`
/// ending, or a host form), so `facet --connect playlists` still names a
/// screen.
struct ConnectOption {
    /// Where to connect, or nil to run the core in this process.
    var target: RemoteTarget?
    /// The facet binary on the remote host (`--remote-facet`).
    var remoteFacet: String?
    /// The command line without the options.
    var arguments: [String]

    init(arguments: [String], environment: [String: String], defaultSocket: () -> String) {
        var rest = arguments
        var value: String?
        if let index = rest.firstIndex(of: "--connect") {
            rest.remove(at: index)
            if index < rest.count, RemoteTarget.looksLikeTarget(rest[index]) {
                value = rest.remove(at: index)
            } else {
                value = defaultSocket()
            }
        } else if let index = rest.firstIndex(where: { $0.hasPrefix("--connect=") }) {
            let given = String(rest.remove(at: index).dropFirst("--connect=".count))
            value = given.isEmpty ? defaultSocket() : given
        } else if let given = environment["FACET_CONNECT"], !given.isEmpty {
            value = given == "1" ? defaultSocket() : given
        }
        if let index = rest.firstIndex(of: "--remote-facet"), index + 1 < rest.count {
            remoteFacet = rest[index + 1]
            rest.removeSubrange(index...index + 1)
        } else if let index = rest.firstIndex(where: { $0.hasPrefix("--remote-facet=") }) {
            remoteFacet = String(rest.remove(at: index).dropFirst("--remote-facet=".count))
        }
        target = value.map(RemoteTarget.parse)
        self.arguments = rest
    }
}
