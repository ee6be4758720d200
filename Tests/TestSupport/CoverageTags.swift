import Testing

/// What an end-to-end test drives: the feature and the faces it goes
/// through. Tools/coverage-matrix.py reads these tags from Tests/ and writes
/// the feature × face table in docs/TESTING.md, so a face a feature never
/// goes through shows as a gap instead of hiding behind a green suite.
extension Tag {
    // The features.
    @Tag public static var playlists: Self
    @Tag public static var folders: Self
    @Tag public static var users: Self
    @Tag public static var stars: Self
    @Tag public static var photos: Self

    // The faces.
    @Tag public static var cli: Self
    @Tag public static var tui: Self
    @Tag public static var jsonl: Self
    @Tag public static var mcp: Self
    /// `facet serve` with `facet --connect` clients.
    @Tag public static var serve: Self
    /// `facet --ui web`, in a browser (headless Chromium) or over HTTP.
    @Tag public static var web: Self
}
