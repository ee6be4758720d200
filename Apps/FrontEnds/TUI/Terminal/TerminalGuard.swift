#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CNcursesw

/// Puts the terminal back however the process ends.
///
/// While curses owns the screen, stderr goes to a hidden temporary file (a
/// crash message printed on the alternate screen would vanish with it). On
/// every exit path — normal, SIGINT, SIGTERM, or a crash signal from a
/// failing view model — the guard ends curses, restores stderr and copies
/// what was written there, so the message appears on the normal screen.
/// Everything the signal handlers touch is async-signal-safe.
enum TerminalGuard {
    nonisolated(unsafe) static var savedStderr: Int32 = -1
    nonisolated(unsafe) static var captured: Int32 = -1
    nonisolated(unsafe) static var active = false

    static let exitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    static func install() {
        var template = Array("/tmp/facet-tui-stderr-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 {
            unlink(template)
            savedStderr = dup(2)
            captured = fd
            dup2(fd, 2)
        }
        active = true
        for sig in exitSignals {
            signal(sig) { sig in
                TerminalGuard.restore()
                _exit(128 + sig)
            }
        }
        CrashRestore.install(crashSignals)
    }

    /// Ends curses and replays captured stderr. Safe to call twice.
    static func restore() {
        guard active else { return }
        active = false
        endwin()
        CrashRestore.disarm()
        replayCapturedStderr()
    }

    /// Points stderr back at the terminal and copies what was captured.
    /// Async-signal-safe (read/write/dup2/close only).
    static func replayCapturedStderr() {
        guard captured >= 0, savedStderr >= 0 else { return }
        dup2(savedStderr, 2)
        lseek(captured, 0, SEEK_SET)
        var chunk = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &chunk) { raw in
            while true {
                let count = Glibc.read(captured, raw.baseAddress, raw.count)
                if count <= 0 { break }
                _ = write(2, raw.baseAddress, count)
            }
        }
        close(captured)
        captured = -1
    }
}
