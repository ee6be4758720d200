import Foundation

/// Where Facet keeps its data: `$FACET_HOME`, else `$XDG_DATA_HOME/facet`,
/// else `~/.local/share/facet`. Tests always set `FACET_HOME` to a temporary
/// directory so they never touch a real installation.
struct AppPaths: Sendable {
    var home: String

    init(home: String) { self.home = home }

    init(environment: [String: String]) {
        if let home = environment["FACET_HOME"], !home.isEmpty {
            self.home = home
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            self.home = xdg + "/facet"
        } else {
            let user = environment["HOME"] ?? NSHomeDirectory()
            self.home = user + "/.local/share/facet"
        }
    }

    var database: String { home + "/facet.sqlite" }
}
