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
}
