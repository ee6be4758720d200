import Composition
import FeatureKit
import Foundation

extension Launcher {
    /// The executable's entry point: `Launcher.main()` as the whole of a
    /// `main.swift` (no top-level `await`).
    ///
    /// An async `main.swift` ends in `dispatch_main()`, which exits the main
    /// thread with `pthread_exit` and leaves the main actor's queue to a
    /// worker thread: every command paid for starting that thread and for a
    /// forced unwind of the main thread's stack (which, in a binary without
    /// a loader, sorts every unwind table entry first). Here the main
    /// thread keeps the main actor: its run loop drains the main queue until
    /// `run` exits the process.
    public static func main(
        features: [any Feature.Type] = FacetApp.features, frontEnds: FrontEndRegistry = .standard
    ) -> Never {
        // A child started as a feature's worker is only that worker.
        if let status = FeatureWorkers.runRequested(in: features) { exit(status) }
        Task { await run(features: features, frontEnds: frontEnds) }
        while true { RunLoop.main.run() }
    }
}
