import Foundation
import KernelDomain
import KernelServices

/// Reads tags in a child process (`TagWorker`), so that no file can end
/// Facet's own process: the product's reader.
///
/// One child reads an import's files in order, one answer per file. Each
/// file has `deadline`; when the child dies on a file or misses its
/// deadline, that file's reading is `.failed` (its song is named after the
/// file, and the import reports it), the child is killed and reaped, and a
/// new one goes on with the rest. A child that cannot be started at all
/// (no `/proc`, no process left) leaves every file `.failed` the same way:
/// TagLib is never run in this process.
public struct IsolatedTagReader: AudioTagReader {
    public let executable: String
    public let deadline: Duration

    /// `executable` is Facet's own by default; tests name the built `facet`.
    public init(executable: String = WorkerProcess.ownExecutable, deadline: Duration = .seconds(10)) {
        self.executable = executable
        self.deadline = deadline
    }

    public func tags(ofFile path: String) -> AudioTags? {
        if case .tags(let tags) = read([path]).first { return tags }
        return nil
    }

    public func read(_ paths: [String]) -> [AudioTagReading] {
        var worker: WorkerProcess?
        defer { worker?.stop() }
        return paths.map { path in
            guard let bytes = FileSystemName.bytes(of: path) else { return .none }
            let request = bytes + [0]
            if worker == nil { worker = WorkerProcess(name: TagWorker.name, executable: executable) }
            // A child that ended after its last answer is replaced once.
            if worker?.send(request) != true {
                worker?.stop()
                worker = WorkerProcess(name: TagWorker.name, executable: executable)
                guard worker?.send(request) == true else {
                    worker?.stop()
                    worker = nil
                    return .failed
                }
            }
            let answer = worker?.receive(by: .now + deadline, TagRecord.decode)
            guard case .answer(let tags) = answer else {
                worker?.stop()
                worker = nil
                return .failed
            }
            return tags.map(AudioTagReading.tags) ?? .none
        }
    }
}
