import Foundation
import KernelDomain

/// The child side of `IsolatedTagReader`: reads paths on standard input and
/// answers each with its tags on standard output (`TagRecord`), until the
/// input ends.
///
/// TagLib is C++ and trusts the files it parses: a malformed file can make
/// it throw an exception that a static executable cannot unwind, or recurse
/// until the stack is gone. Run here, that ends this child only.
public enum TagWorker {
    /// The name the feature declares the worker under.
    public static let name = "playlists.tags"

    public static func run() -> Int32 {
        // A crash here is expected on hostile files: no core file for it.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        let library = TagLibLibrary.shared
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let path = FileSystemName.decode(buffer[..<end])
                buffer.removeFirst(end + 1)
                guard write(TagRecord.encode(library?.read(path))) else { return 1 }
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return 0 }
            buffer += chunk[0..<count]
        }
    }

    static func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
