#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as a dictionary, read from `environ` directly.
///
/// Foundation's `ProcessInfo.environment` built the same dictionary entry by
/// entry through its own string bridging: a visible share of a one-shot
/// command's start-up.
enum ProcessEnvironment {
    static func read() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        for index in 0..<count {
            guard let entry = environ[index] else { continue }
            let text = String(cString: entry)
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(text[..<equals])
            // As getenv(3): the first definition of a name wins.
            if result[key] == nil { result[key] = String(text[text.index(after: equals)...]) }
        }
        return result
    }
}
