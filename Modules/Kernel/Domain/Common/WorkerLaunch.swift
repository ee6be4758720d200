/// How a child process of Facet's own executable is told to be a worker.
///
/// Work that may crash the process doing it (a C library reading a hostile
/// file) runs in a child started from the same executable with this
/// variable naming the worker; the launcher runs that worker and exits
/// before any front end, database or feature is set up. The name is shared
/// here because the side that starts workers (a feature's services) and
/// the side that runs them (the launcher, through FeatureKit) see no other
/// common module.
public enum WorkerLaunch {
    public static let variable = "FACET_WORKER"
}
