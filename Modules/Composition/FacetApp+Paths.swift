extension FacetApp {
    /// The database file for this environment, without opening it: for
    /// `facet paths`, which must answer even where the database cannot open.
    public static func databasePath(environment: [String: String]) -> String {
        AppPaths(environment: environment).database
    }
}
