/// Where a screen's background work (`ScreenModel.launch`) runs its
/// nonisolated awaits: the executor the process chose for the task that
/// drives the screens, carried as a task-local value because an unstructured
/// `Task` copies task-locals but not its creator's executor preference.
///
/// A one-shot command sets it to the main-thread executor its own task
/// prefers, so a `reload` it waits for runs entirely on the main thread:
/// no pool threads started, no hand-offs, and the allocations of a large
/// fetch grow the main heap instead of a fresh per-thread arena page by
/// page. Long-running front ends leave it nil (the concurrency pool).
public enum ScreenWork {
    @TaskLocal public static var executor: (any TaskExecutor)?
}
