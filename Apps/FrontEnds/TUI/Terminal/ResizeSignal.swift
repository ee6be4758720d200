#if canImport(Glibc)
import Glibc
#endif

/// Makes a terminal resize readable on a pipe, so a run loop asleep in
/// `poll` wakes for it. ncurses' own `SIGWINCH` handler (installed when the
/// terminal was set up) still runs first and queues the resize key the
/// next read returns.
enum ResizeSignal {
    nonisolated(unsafe) static var previous = sigaction()
    nonisolated(unsafe) static var writeEnd: Int32 = -1
    nonisolated(unsafe) static var readEnd: Int32 = -1

    /// The pipe's read end (-1 when it cannot be made). Once per process.
    static func install() -> Int32 {
        guard readEnd < 0 else { return readEnd }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            // Only async-signal-safe calls here: the old handler, one write.
            let old = ResizeSignal.previous.__sigaction_handler.sa_handler
            if let old, unsafeBitCast(old, to: Int.self) > 1 { old(sig) }
            var byte: UInt8 = 1
            _ = write(ResizeSignal.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        _ = sigaction(SIGWINCH, &action, &previous)
        return readEnd
    }

    static func drain(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }
}
