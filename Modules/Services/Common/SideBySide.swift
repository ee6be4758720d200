import Dispatch

/// Two pieces of CPU work at once, one on each of two cores, both finished
/// when `run` returns: for a megabyte-sized job whose parts do not depend on
/// each other (parsing a body while hashing it), not for small ones, where
/// handing work to another thread costs more than it saves.
enum SideBySide {
    /// Runs `main` and `side` concurrently; `main`'s error, if any, is
    /// thrown once `side` has finished too, so nothing outlives the call.
    static func run<Main: Sendable, Side: Sendable>(
        _ main: @Sendable () throws -> Main, side: @Sendable () -> Side
    ) throws -> (Main, Side) {
        try withoutActuallyEscaping(main) { main in
            try withoutActuallyEscaping(side) { side in
                let results = Results<Main, Side>()
                // Dispatch's own primitive for "these iterations, on the cores
                // there are": it runs them on the caller and its worker threads
                // and returns when all are done.
                DispatchQueue.concurrentPerform(iterations: 2) { part in
                    if part == 0 {
                        results.main = Result { try main() }
                    } else {
                        results.side = side()
                    }
                }
                guard let mainResult = results.main, let sideResult = results.side else {
                    preconditionFailure("concurrentPerform skipped an iteration")
                }
                return (try mainResult.get(), sideResult)
            }
        }
    }

    /// Each slot is written by one iteration only and read after
    /// `concurrentPerform` has returned, which orders the write before the
    /// read: hence `@unchecked`.
    private final class Results<Main, Side>: @unchecked Sendable {
        var main: Result<Main, any Error>?
        var side: Side?
    }
}
