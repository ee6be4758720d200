import Dispatch

/// Runs a one-shot command's nonisolated async work on the main thread.
///
/// A CLI command is a chain of awaits from the main actor into stores and
/// services and back. On the global executor every one of those awaits was a
/// hop to the concurrency pool and back: the pool's threads were started
/// (four, for a command that never does two things at once) and each hop
/// cost two context switches (`perf stat`: 8 for `facet playlists`). As the
/// task's executor preference, this keeps the hops on the main queue, which
/// the main thread drains between jobs.
final class MainQueueExecutor: TaskExecutor {
    static let shared = MainQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}
