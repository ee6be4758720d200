import Foundation
import KernelDomain

/// An entry point a feature offers to run in a child process of Facet's own
/// executable (see `WorkerLaunch`): a name, and a body that talks to its
/// parent over standard input and output and returns the exit status.
///
/// The body runs before anything else of Facet exists (no database, no
/// front end, no other feature), so a worker's start costs only the
/// executable's own start.
public struct FeatureWorker: Sendable {
    public let name: String
    public let run: @Sendable () -> Int32

    public init(name: String, run: @escaping @Sendable () -> Int32) {
        self.name = name
        self.run = run
    }
}

/// Finds and runs the worker a child was started as.
public enum FeatureWorkers {
    /// The exit status of the worker `WorkerLaunch.variable` names, after
    /// running it; nil when the variable is unset (an ordinary start). A
    /// name no feature declares ends with status 2 and a message.
    @MainActor
    public static func runRequested(in features: [any Feature.Type]) -> Int32? {
        guard let requested = getenv(WorkerLaunch.variable).map({ String(cString: $0) }), !requested.isEmpty else {
            return nil
        }
        guard let worker = features.lazy.flatMap({ $0.workers }).first(where: { $0.name == requested }) else {
            let message = "facet: no worker named \"\(requested)\" (\(WorkerLaunch.variable))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 2
        }
        closeInheritedDescriptors()
        return worker.run()
    }

    /// Closes every descriptor but standard input, output and error: a
    /// worker must not keep its parent's database, sockets or clients'
    /// connections open (a long-running parent's client would not see its
    /// connection close while a worker lives).
    static func closeInheritedDescriptors() {
        guard let folder = opendir("/proc/self/fd") else { return }
        let own = dirfd(folder)
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if let fd = Int32(name), fd > 2, fd != own { open.append(fd) }
        }
        closedir(folder)
        for fd in open { close(fd) }
    }
}
