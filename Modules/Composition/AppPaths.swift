import Foundation

/// Where Facet keeps its data: `$FACET_HOME`, else `$XDG_DATA_HOME/facet`,
/// else `~/.local/share/facet`. Tests always set `FACET_HOME` to a temporary
/// directory so they never touch a real installation.
struct AppPaths: Sendable {
    var home: String
    /// Where fetched pictures are kept: `$FACET_HOME/cache/pictures` (so a
    /// test's home holds all it wrote), else `$XDG_CACHE_HOME/facet/pictures`,
    /// else `~/.cache/facet/pictures`. A cache: deleting it loses nothing.
    var pictureCache: String

    init(home: String) {
        self.home = home
        pictureCache = home + "/cache/pictures"
    }

    init(environment: [String: String]) {
        let user = environment["HOME"] ?? NSHomeDirectory()
        if let home = environment["FACET_HOME"], !home.isEmpty {
            pictureCache = home + "/cache/pictures"
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            pictureCache = xdg + "/facet/pictures"
        } else {
            pictureCache = user + "/.cache/facet/pictures"
        }
        if let home = environment["FACET_HOME"], !home.isEmpty {
            self.home = home
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            self.home = xdg + "/facet"
        } else {
            self.home = user + "/.local/share/facet"
        }
    }

    var database: String { home + "/facet.sqlite" }
}
