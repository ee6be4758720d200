import GRDB

extension FacetDatabase {
    /// Starts watching for commits by other processes (see
    /// `ForeignCommitWatch`); `onCommit` runs on the watch's thread. When
    /// the folder cannot be watched it polls, and its `fallback` says why;
    /// nil only when no descriptor is left at all. The caller stops the watch before
    /// it closes the database.
    public func watchForeignCommits(_ onCommit: @escaping @Sendable () -> Void) -> ForeignCommitWatch? {
        let writer = writer
        return ForeignCommitWatch(
            path: path, version: { Self.dataVersion(writer) }, replaced: { [self] in (try? checkStillAtPath()) == nil },
            onCommit: onCommit)
    }

    /// `PRAGMA data_version` of the connection every write of this process
    /// goes through: it moves only when another connection committed.
    static func dataVersion(_ writer: any DatabaseWriter) -> Int? {
        try? writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
