import Composition

/// Where `facet serve` listens and `facet --connect` connects by default:
/// `$XDG_RUNTIME_DIR/facet/facet.sock` (a per-user, per-boot folder), else
/// `facet.sock` in the data directory (`$FACET_HOME`, …).
@MainActor
enum SocketLocation {
    static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/facet/facet.sock"
        }
        return FacetApp.dataDirectory(environment: environment) + "/facet.sock"
    }

    /// The socket's folder: the user's own, for what a running process
    /// leaves for later commands (the web servers' URLs).
    static func directory(environment: [String: String]) -> String {
        let path = defaultPath(environment: environment)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
